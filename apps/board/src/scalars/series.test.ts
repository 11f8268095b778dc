import { describe, expect, it } from 'vitest';
import type { ScalarRow } from '../core/types.js';
import { align, formatDuration, formatValue, linearDomain, runSeries, yExtent } from './series.js';

const ROWS: ScalarRow[] = [
  [100, 0, 1],
  [110, 1, 2],
  [130, 2, 'NaN'],
  [160, 3, 4],
];

describe('runSeries', () => {
  it('puts x by step, relative seconds or wall seconds', () => {
    expect(runSeries('a', ROWS, 'step', 0).x).toEqual([0, 1, 2, 3]);
    expect(runSeries('a', ROWS, 'relative', 0).x).toEqual([0, 10, 30, 60]);
    expect(runSeries('a', ROWS, 'wall', 0).x).toEqual([100, 110, 130, 160]);
  });

  it('reads TensorBoard\'s non-finite strings and smooths in step order', () => {
    const s = runSeries('a', ROWS, 'step', 0.6);
    expect(s.raw[2]).toBeNaN();
    expect(s.smoothed[0]).toBe(1);
    expect(s.smoothed[1]).toBeCloseTo(1.625);
    expect(s.smoothed[3]).not.toBe(4);
  });

  it('sorts by x when the wall clock is out of step order', () => {
    const s = runSeries('a', [[200, 0, 1], [100, 1, 2]], 'wall', 0);
    expect(s.x).toEqual([100, 200]);
    expect(s.step).toEqual([1, 0]);
  });
});

describe('align', () => {
  it('joins runs on one x array with gaps, raw and smoothed columns per run', () => {
    const a = runSeries('a', [[0, 0, 1], [0, 2, 3]], 'step', 0.5);
    const b = runSeries('b', [[0, 1, 5]], 'step', 0.5);
    const { data, columns } = align([a, b], true, false);
    expect(data[0]).toEqual([0, 1, 2]);
    expect(columns).toEqual([
      { run: 'a', kind: 'raw' },
      { run: 'a', kind: 'smoothed' },
      { run: 'b', kind: 'raw' },
      { run: 'b', kind: 'smoothed' },
    ]);
    expect(data[1]).toEqual([1, null, 3]);
    expect(data[3]).toEqual([null, 5, null]);
  });

  it('leaves out values ≤ 0 on a log scale, and NaN always', () => {
    const a = runSeries('a', [[0, 0, -1], [0, 1, 0], [0, 2, 'NaN'], [0, 3, 2]], 'step', 0);
    expect(align([a], false, true).data[1]).toEqual([null, null, null, 2]);
    expect(align([a], false, false).data[1]).toEqual([-1, 0, null, 2]);
  });
});

describe('domains and labels', () => {
  it('ignores outliers with TensorBoard\'s index picks', () => {
    const ys = Array.from({ length: 21 }, (_, i) => i);
    ys.push(1000);
    // n = 22: ys[ceil(21·0.05)] = ys[2], ys[floor(21·0.95)] = ys[19]
    expect(yExtent(ys, true)).toEqual([2, 19]);
    expect(yExtent(ys, false)).toEqual([0, 1000]);
    expect(yExtent([NaN], true)).toBeNull();
  });

  it('pads and widens linear domains, ', () => {
    expect(linearDomain([0, 10])).toEqual([-0.5, 10.5]);
    expect(linearDomain([0, 0])).toEqual([-1, 1]);
    expect(linearDomain([3, 3])).toEqual([0, 6]);
    expect(linearDomain([-3, -3])).toEqual([-6, 0]);
  });

  it('formats durations and values', () => {
    expect(formatDuration(93784)).toBe('1d 2h 3m 4s');
    expect(formatDuration(0)).toBe('0s');
    expect(formatValue(0.123456)).toBe('0.1235');
    expect(formatValue(123456)).toBe('1.235e+5');
    expect(formatValue(NaN)).toBe('–');
  });
});
