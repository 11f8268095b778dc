import { expect, it } from 'vitest';
import { transferList } from './transfer-list.js';

it('lists each ArrayBuffer once and leaves shared memory out', () => {
  const a = new ArrayBuffer(8);
  const b = new ArrayBuffer(0);
  expect(transferList([a, b, a, new SharedArrayBuffer(4)])).toEqual([a, b]);
});
