// base64url digits, as scripts/gen-font-metrics.mjs writes them.
const DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const VALUE = new Int8Array(128).fill(-1);
for (let i = 0; i < DIGITS.length; i++) VALUE[DIGITS.charCodeAt(i)] = i;

/** Reads fixed-width unsigned numbers, most significant digit first, from a packed metrics string. */
export class PackedReader {
  private pos = 0;

  constructor(private readonly text: string) {}

  get done(): boolean {
    return this.pos >= this.text.length;
  }

  read(width: number): number {
    if (this.pos + width > this.text.length) throw new Error('packed font metrics end mid-number');
    let n = 0;
    for (let k = 0; k < width; k++) {
      const d = VALUE[this.text.charCodeAt(this.pos++)] ?? -1;
      if (d < 0) throw new Error(`bad digit in packed font metrics at ${this.pos - 1}`);
      n = n * 64 + d;
    }
    return n;
  }
}
