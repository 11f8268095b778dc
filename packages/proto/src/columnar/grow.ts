/** An append-only Uint32Array for building columns of unknown final length. */
export class GrowU32 {
  data: Uint32Array;
  length = 0;
  constructor(capacity: number) {
    this.data = new Uint32Array(Math.max(16, capacity));
  }
  push(v: number): void {
    if (this.length === this.data.length) {
      const d = new Uint32Array(this.data.length * 2);
      d.set(this.data);
      this.data = d;
    }
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
    const d = new Uint32Array(this.data.length * 2);
    d.set(this.data);
    this.data = d;
  }
  /** A right-sized copy, so the spare capacity can be freed. */
  done(): Uint32Array {
    return this.data.slice(0, this.length);
  }
}
