/** Converts a byte offset in a text input into a 1-based line and column (computed only on error). */
export function lineCol(buf: Uint8Array, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(offset, buf.length);
  for (let i = 0; i < end; i++) {
    if (buf[i] === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}
