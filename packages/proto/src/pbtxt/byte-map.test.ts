import { describe, expect, it } from 'vitest';
import { ByteMap, hashBytes } from './byte-map.js';

const bytes = (s: string) => new TextEncoder().encode(s);
const lookup = <V>(m: ByteMap<V>, text: string, start = 0, end = text.length) => {
  const b = bytes(text);
  return m.get(b, start, end, hashBytes(b, start, end));
};

describe('ByteMap', () => {
  it('finds names by the bytes of a range, and nothing else', () => {
    const m = new ByteMap([
      ['name', 1],
      ['op', 2],
      ['input', 3],
    ]);
    expect(lookup(m, 'name')).toBe(1);
    expect(lookup(m, '  op: ', 2, 4)).toBe(2);
    expect(lookup(m, 'input')).toBe(3);
    expect(lookup(m, 'nam')).toBeUndefined();
    expect(lookup(m, 'names')).toBeUndefined();
    expect(lookup(m, 'Name')).toBeUndefined();
    expect(lookup(m, '')).toBeUndefined();
  });

  it('keeps every key of a large table apart', () => {
    const keys = Array.from({ length: 500 }, (_, i) => `k${i.toString(36)}`);
    const m = new ByteMap(keys.map((k, i) => [k, i] as const));
    keys.forEach((k, i) => expect(lookup(m, k)).toBe(i));
    expect(lookup(m, 'k')).toBeUndefined();
  });
});
