/** Base64 as the protobuf JSON mapping writes bytes: either alphabet, padding and line breaks allowed. */
const B64 = new Int16Array(256).fill(-1);
'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'.split('').forEach((c, i) => (B64[c.charCodeAt(0)] = i));
B64['-'.charCodeAt(0)] = 62; // URL-safe alphabet
B64['_'.charCodeAt(0)] = 63;

/** The bytes of `s`, or the index of its first character that is not base64. */
export function decodeBase64(s: string): Uint8Array | number {
  const out = new Uint8Array(Math.floor((s.length * 3) / 4) + 3);
  let n = 0;
  let acc = 0;
  let bits = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 61) break; // '=' padding
    const v = c < 256 ? B64[c]! : -1;
    if (v < 0) {
      if (c === 10 || c === 13 || c === 32) continue;
      return i;
    }
    acc = (acc << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[n++] = (acc >> bits) & 0xff;
    }
  }
  return out.subarray(0, n);
}
