/** A guess at what a file that is not what we wanted is, from its first bytes ('' when unsure). */
export function whatItLooksLike(b: Uint8Array): string {
  const starts = (...xs: number[]) => xs.length <= b.length && xs.every((x, i) => b[i] === x);
  if (starts(0x89, 0x50, 0x4e, 0x47)) return 'a PNG image';
  if (starts(0xff, 0xd8, 0xff)) return 'a JPEG image';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'a GIF image';
  if (starts(0x25, 0x50, 0x44, 0x46)) return 'a PDF document';
  if (starts(0x1f, 0x8b)) return 'gzip data';
  if (starts(0x50, 0x4b, 0x03, 0x04)) return 'a zip archive';
  if (starts(0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59)) return 'a NumPy array';
  const head = b.subarray(0, 64);
  if (head.length === 0) return '';
  const text = new TextDecoder().decode(head).trimStart();
  if (text.startsWith('{') || text.startsWith('[')) return 'JSON text';
  if (head.every((c) => c === 9 || c === 10 || c === 13 || c >= 32)) return 'text';
  return '';
}
