import { describe, expect, it } from 'vitest';
import { DURATION_INCRS, durationTick, STEP_INCRS, stepTick } from './axis-ticks.js';

describe('scalar axis ticks', () => {
  it('steps are whole: 1, 2, 5, 10, …', () => {
    expect(STEP_INCRS.slice(0, 5)).toEqual([1, 2, 5, 10, 20]);
    expect(STEP_INCRS.every((s) => Number.isInteger(s))).toBe(true);
    expect(stepTick(25000)).toBe('25k');
    expect(stepTick(950)).toBe('950');
  });

  it('relative time falls on clock divisions, in increasing order', () => {
    for (const s of [0.5, 1, 15, 30, 60, 300, 1800, 3600, 6 * 3600, 86400, 7 * 86400]) expect(DURATION_INCRS).toContain(s);
    expect(DURATION_INCRS).not.toContain(50000);
    expect([...DURATION_INCRS].sort((a, b) => a - b)).toEqual(DURATION_INCRS);
    expect(durationTick(1.5, 0.5)).toBe('1.5s');
    expect(durationTick(6 * 3600 + 86400, 6 * 3600)).toBe('1d 6h');
    expect(durationTick(90, 30)).toBe('1m 30s');
  });
});
