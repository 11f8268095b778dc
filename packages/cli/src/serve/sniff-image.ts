/** The image types TensorBoard sniffs (`img_mime_type_detector.py`): png, jpeg, gif, bmp. */

const starts = (b: Uint8Array, sig: readonly number[]): boolean => b.length >= sig.length && sig.every((x, i) => b[i] === x);

export function sniffImageType(bytes: Uint8Array): string {
  if (starts(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts(bytes, [0x47, 0x49, 0x46, 0x38])) return 'image/gif';
  if (starts(bytes, [0x42, 0x4d])) return 'image/bmp';
  return 'application/octet-stream';
}
