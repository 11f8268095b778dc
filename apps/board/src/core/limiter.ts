/** At most `n` tasks at once (a board with hundreds of cards must not open hundreds of requests). */
export class Limiter {
  private running = 0;
  private readonly queue: Array<() => void> = [];

  constructor(private readonly n: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.n) await new Promise<void>((resolve) => this.queue.push(resolve));
    this.running++;
    try {
      return await task();
    } finally {
      this.running--;
      this.queue.shift()?.();
    }
  }
}

/** Shared by every tab. */
export const requests = new Limiter(6);
