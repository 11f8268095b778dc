/** Frame times over a sliding window: the last one, the median and the 95th percentile. */
export interface FrameSummary {
  count: number;
  last: number;
  p50: number;
  p95: number;
}

export class FrameStats {
  private readonly ring: Float64Array;
  private next = 0;
  private filled = 0;
  private lastMs = NaN;

  constructor(readonly window = 60) {
    this.ring = new Float64Array(window);
  }

  push(ms: number): void {
    this.ring[this.next] = ms;
    this.next = (this.next + 1) % this.window;
    this.filled = Math.min(this.filled + 1, this.window);
    this.lastMs = ms;
  }

  clear(): void {
    this.next = 0;
    this.filled = 0;
    this.lastMs = NaN;
  }

  summary(): FrameSummary {
    const sorted = this.ring.slice(0, this.filled).sort();
    return { count: this.filled, last: this.lastMs, p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95) };
  }
}

/** Nearest-rank percentile of ascending `sorted`; NaN when empty. */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.max(1, Math.ceil(p * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1]!;
}
