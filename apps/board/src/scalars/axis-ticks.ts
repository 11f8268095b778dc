/**
 * Where the scalar chart's horizontal axis puts its ticks: steps are whole numbers (a run of one
 * step is not labelled 0.5 and 1.5), and relative time falls on what a clock divides into
 * (30 s, 5 min, 6 h, 1 day) rather than uPlot's decimal 50,000 s.
 */
import { formatDuration } from './series.js';

/** 1, 2 and 5 times the powers of ten from `from` to 10^15. */
function decimal(from: number): number[] {
  const out: number[] = [];
  for (let p = from; p <= 15; p++) for (const m of [1, 2, 5]) out.push(m * 10 ** p);
  return out;
}

/** Tick spacings of the step axis: whole steps only. */
export const STEP_INCRS: readonly number[] = decimal(0);

const MINUTE = 60;
const HOUR = 3600;
const DAY = 86400;

/** Tick spacings of the relative-time axis, in seconds. */
export const DURATION_INCRS: readonly number[] = [
  ...decimal(-3).filter((s) => s < 1),
  ...[1, 2, 5, 10, 15, 30],
  ...[1, 2, 5, 10, 15, 30].map((m) => m * MINUTE),
  ...[1, 2, 3, 6, 12].map((h) => h * HOUR),
  ...[1, 2, 7, 14, 30, 60, 90, 180, 365].map((d) => d * DAY),
  ...decimal(3).map((y) => y * 365 * DAY),
];

/** A relative-time tick: under a second apart, fractions of a second show ("1.5s"). */
export function durationTick(seconds: number, spacing: number): string {
  if (spacing < 1 && Math.abs(seconds) < MINUTE) return `${Number(seconds.toFixed(3))}s`;
  return formatDuration(seconds);
}

/** A step tick: 10,000 and over in thousands ("25k"). */
export function stepTick(step: number): string {
  return Math.abs(step) >= 1e4 ? `${Number((step / 1000).toPrecision(3))}k` : String(step);
}
