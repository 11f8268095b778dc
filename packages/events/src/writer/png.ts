/**
 * Images for the image summary: raw pixels → PNG (via fast-png, pure JS so it also runs in
 * browsers), and the size of an already-encoded PNG (read from its IHDR chunk).
 */
import { encode as fastPngEncode } from 'fast-png';

/** Raw pixels, row-major, `channels` interleaved values per pixel (1 grey, 3 RGB, 4 RGBA). */
export interface RawImage {
  width: number;
  height: number;
  channels: 1 | 3 | 4;
  /**
   * `Uint8Array`/`Uint8ClampedArray`: bytes 0..255, used as is. `Float32Array`/`number[]`: floats
   * in [0, 1], converted like `tf.image.convert_image_dtype(x, tf.uint8, saturate=True)`.
   */
  data: Uint8Array | Uint8ClampedArray | Float32Array | readonly number[];
}

const SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10] as const;

/** True when `bytes` starts with the 8-byte PNG signature. */
export function isPng(bytes: Uint8Array): boolean {
  if (bytes.length < SIGNATURE.length) return false;
  for (let i = 0; i < SIGNATURE.length; i++) if (bytes[i] !== SIGNATURE[i]) return false;
  return true;
}

/** Width and height from a PNG's IHDR chunk (which the format requires to come first). */
export function pngSize(bytes: Uint8Array): { width: number; height: number } {
  // signature(8) | length(4) | "IHDR"(4) | width(4, BE) | height(4, BE) | ...
  if (!isPng(bytes) || bytes.length < 24) throw new Error('not a PNG: missing signature or too short');
  if (bytes[12] !== 0x49 || bytes[13] !== 0x48 || bytes[14] !== 0x44 || bytes[15] !== 0x52) {
    throw new Error('not a valid PNG: the first chunk is not IHDR');
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16, false), height: view.getUint32(20, false) };
}

/**
 * float → uint8 exactly as TF's `convert_image_dtype(..., saturate=True)`: scale by 255.5 (TF's
 * "+0.5 to avoid rounding problems"), then a saturating cast that truncates. NaN → 0.
 */
export function floatToUint8(x: number): number {
  const v = x * 255.5;
  if (!(v > 0)) return 0;
  if (v >= 255) return 255;
  return Math.floor(v);
}

/** Checks the dimensions and pixel count of a raw image; throws a descriptive error. */
export function checkRawImage(img: RawImage): void {
  const { width, height, channels } = img;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new RangeError(`image width and height must be positive integers, got ${width}x${height}`);
  }
  if (channels !== 1 && channels !== 3 && channels !== 4) {
    throw new RangeError(`image channels must be 1, 3 or 4, got ${String(channels)}`);
  }
  const expected = width * height * channels;
  if (img.data.length !== expected) {
    throw new RangeError(`image data has ${img.data.length} values, expected width*height*channels = ${expected}`);
  }
}

/** Encodes raw pixels as an 8-bit PNG. */
export function encodePng(img: RawImage): Uint8Array {
  checkRawImage(img);
  const { data } = img;
  let bytes: Uint8Array | Uint8ClampedArray;
  if (data instanceof Uint8Array || data instanceof Uint8ClampedArray) {
    bytes = data;
  } else {
    bytes = new Uint8Array(data.length);
    for (let i = 0; i < data.length; i++) bytes[i] = floatToUint8(data[i]!);
  }
  return fastPngEncode({ width: img.width, height: img.height, data: bytes, channels: img.channels, depth: 8 });
}
