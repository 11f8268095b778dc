/** An append-only Uint32Array in arena memory, for building columns of unknown final length. */
import type { Arena } from './arena.js';

export class GrowU32 {
  data: Uint32Array;
  length = 0;
  constructor(
    private readonly arena: Arena,
    capacity: number,
  ) {
    this.data = arena.u32(Math.max(16, capacity));
  }
  push(v: number): void {
    if (this.length === this.data.length) this.grow();
    this.data[this.length++] = v;
  }
  /** Appends a row of three (one capacity check). */
  push3(a: number, b: number, c: number): void {
    if (this.length + 3 > this.data.length) this.grow();
    const d = this.data;
    const l = this.length;
    d[l] = a;
    d[l + 1] = b;
    d[l + 2] = c;
    this.length = l + 3;
  }
  /** Appends a row of four (one capacity check). */
  push4(a: number, b: number, c: number, e: number): void {
    if (this.length + 4 > this.data.length) this.grow();
    const d = this.data;
    const l = this.length;
    d[l] = a;
    d[l + 1] = b;
    d[l + 2] = c;
    d[l + 3] = e;
    this.length = l + 4;
  }
  private grow(): void {
    const d = this.arena.u32(this.data.length * 2);
    d.set(this.data);
    this.data = d;
  }
}
