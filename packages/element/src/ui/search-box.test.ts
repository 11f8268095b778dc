import { describe, expect, it } from 'vitest';
import { matchExcerpt } from './search-box.js';

describe('matchExcerpt', () => {
  it('keeps short text whole', () => {
    expect(matchExcerpt('MatMul', 'mat')).toBe('MatMul');
  });

  it('shows the part of a long device around its match, the start cut', () => {
    const device = '/job:localhost/replica:0/task:0/device:XLA_CPU:0';
    const e = matchExcerpt(device, 'XLA_CPU');
    expect(e).toContain('XLA_CPU');
    expect(e.startsWith('…')).toBe(true);
    expect(e.length).toBeLessThanOrEqual(33);
  });

  it('a match at the start keeps the start; an invalid regex is found as text', () => {
    const attr = 'dtypes: DT_FLOAT, DT_FLOAT, DT_INT64, DT_FLOAT, DT_FLOAT';
    expect(matchExcerpt(attr, '^dtypes')).toMatch(/^dtypes: .*…$/);
    const e = matchExcerpt('value: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]', '[');
    expect(e).toContain('[');
  });
});
