/** A bounded least-recently-used map of ELK results by task key. */
import type { ElkResult } from '../elk/task.js';
import type { ElkResultCache } from './layout-compound.js';

export class LruElkCache implements ElkResultCache {
  private readonly map = new Map<string, ElkResult>();
  hits = 0;
  misses = 0;

  constructor(private readonly capacity = 4096) {}

  get(key: string): ElkResult | undefined {
    const r = this.map.get(key);
    if (r === undefined) {
      this.misses++;
      return undefined;
    }
    // Re-insert: Map iteration order is insertion order, so the oldest entry comes first.
    this.map.delete(key);
    this.map.set(key, r);
    this.hits++;
    return r;
  }

  set(key: string, result: ElkResult): void {
    this.map.delete(key);
    this.map.set(key, result);
    while (this.map.size > this.capacity) this.map.delete(this.map.keys().next().value!);
  }

  get size(): number {
    return this.map.size;
  }
}
