import { describe, expect, it } from 'vitest';
import { readout, sliceAt, type HistogramGeometry } from './histogram-hover.js';
import type { Rebinned } from './rebin.js';

// Three steps of four bins over [0, 4): the middle step peaks in bin 2.
const data: Rebinned = {
  lo: 0,
  hi: 4,
  maxCount: 10,
  steps: [
    { step: 100, wall: 0, bins: [1, 2, 3, 4] },
    { step: 200, wall: 1, bins: [0, 1, 10, 0] },
    { step: 300, wall: 2, bins: [4, 3, 2, 1] },
  ],
};
// Offset: baselines at 50, 75, 100; slices 40 high. Plot x from 0 to 400 (100 per bin).
const offset: HistogramGeometry = { left: 0, right: 400, top: 10, bottom: 100, baseOf: (i) => 50 + 25 * i, sliceHeight: 40, overlay: false };

describe('histogram readout', () => {
  it('offset: the ridge whose baseline is next below the pointer, and the bin under it', () => {
    expect(sliceAt(data, offset, 250, 45)).toEqual({ slice: 0, bin: 2 });
    expect(sliceAt(data, offset, 250, 60)).toEqual({ slice: 1, bin: 2 });
    expect(sliceAt(data, offset, 399, 99)).toEqual({ slice: 2, bin: 3 });
    expect(sliceAt(data, offset, -5, 60)).toBeNull();
  });

  it('overlay: the outline nearest the pointer', () => {
    const overlay: HistogramGeometry = { ...offset, baseOf: () => 100, sliceHeight: 90, overlay: true };
    // In bin 2 the middle step's outline is at the top (y 10), the others at 73 and 82.
    expect(sliceAt(data, overlay, 250, 15)).toEqual({ slice: 1, bin: 2 });
    expect(sliceAt(data, overlay, 250, 80)).toEqual({ slice: 2, bin: 2 });
  });

  it('says the step, the bin centre and its count', () => {
    expect(readout(data, 1, 2)).toBe('step 200 · value 2.5 · count 10');
  });
});
