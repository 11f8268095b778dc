/** Small helpers shared by the benchmark's parts. */
export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

/** Rounded to the microsecond, for JSON lines in ms. */
export const r3 = (x: number) => Math.round(x * 1000) / 1000;
