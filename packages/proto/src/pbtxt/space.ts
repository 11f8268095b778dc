/** Whitespace and `#` comments between tokens. */

/** The offset of the first byte at or after `p` that is neither whitespace nor inside a comment. */
export function skipSpace(buf: Uint8Array, p: number): number {
  const n = buf.length;
  while (p < n) {
    const c = buf[p]!;
    if (c === 32 || c === 10 || c === 9 || c === 13 || c === 11 || c === 12) p++;
    else if (c === 35) {
      while (p < n && buf[p] !== 10) p++;
    } else break;
  }
  return p;
}
