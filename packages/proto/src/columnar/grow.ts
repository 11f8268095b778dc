/** An append-only Int32Array in arena memory, for building columns of unknown final length. */
import type { Arena } from './arena.js';

export class GrowI32 {
  data: Int32Array;
  length = 0;
  constructor(
    private readonly arena: Arena,
    capacity: number,
  ) {
    this.data = arena.i32(Math.max(16, capacity));
  }
  push(v: number): void {
    if (this.length === this.data.length) this.grow();
    this.data[this.length++] = v;
  }
  /** Appends a row of two (one capacity check). */
  push2(a: number, b: number): void {
    if (this.length + 2 > this.data.length) this.grow();
    const d = this.data;
    const l = this.length;
    d[l] = a;
    d[l + 1] = b;
    this.length = l + 2;
  }
  private grow(): void {
    const d = this.arena.i32(this.data.length * 2);
    d.set(this.data);
    this.data = d;
  }
}
