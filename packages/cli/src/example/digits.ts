/**
 * Digit-like 28×28 grayscale images, drawn procedurally: each digit is a few pen strokes
 * (polylines in a unit box), slanted, scaled and shifted a little at random, and drawn with a soft
 * pen, white on black like MNIST.
 */
import type { RawImage } from '@tbg/events';
import type { SeededRandom } from './random.js';

type Pt = readonly [number, number];
type Stroke = readonly Pt[];

const SIZE = 28;

function ellipse(cx: number, cy: number, rx: number, ry: number, from = 0, to = 2 * Math.PI, n = 16): Pt[] {
  return Array.from({ length: n + 1 }, (_, i) => {
    const a = from + ((to - from) * i) / n;
    return [cx + rx * Math.cos(a), cy + ry * Math.sin(a)] as const;
  });
}

const STROKES: readonly (readonly Stroke[])[] = [
  [ellipse(0.5, 0.5, 0.24, 0.34)],
  [[[0.38, 0.27], [0.52, 0.15], [0.52, 0.85]]],
  [[[0.28, 0.3], [0.4, 0.16], [0.6, 0.16], [0.72, 0.3], [0.7, 0.45], [0.28, 0.85], [0.76, 0.85]]],
  [[[0.28, 0.2], [0.6, 0.15], [0.72, 0.3], [0.5, 0.5], [0.72, 0.68], [0.6, 0.85], [0.28, 0.8]]],
  [[[0.65, 0.85], [0.65, 0.15], [0.25, 0.62], [0.78, 0.62]]],
  [[[0.72, 0.15], [0.32, 0.15], [0.3, 0.47], [0.6, 0.45], [0.72, 0.62], [0.62, 0.84], [0.28, 0.82]]],
  [[[0.68, 0.15], [0.4, 0.35], [0.3, 0.65], [0.45, 0.85], [0.68, 0.75], [0.65, 0.55], [0.35, 0.58]]],
  [[[0.25, 0.15], [0.75, 0.15], [0.45, 0.85]]],
  [ellipse(0.5, 0.32, 0.18, 0.17), ellipse(0.5, 0.67, 0.22, 0.19)],
  [ellipse(0.5, 0.33, 0.2, 0.18), [[0.7, 0.33], [0.66, 0.85]]],
];

function segmentDistance(px: number, py: number, a: Pt, b: Pt): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - a[0]) * dx + (py - a[1]) * dy) / len2));
  return Math.hypot(px - (a[0] + t * dx), py - (a[1] + t * dy));
}

/** A random slant/scale/shift of the unit box, mapped to pixel coordinates. */
function jitter(rng: SeededRandom): (p: Pt) => Pt {
  const slant = rng.uniform(-0.25, 0.25);
  const sx = rng.uniform(0.8, 1.05) * 20;
  const sy = rng.uniform(0.85, 1.05) * 20;
  const ox = 14 + rng.uniform(-1.5, 1.5);
  const oy = 14 + rng.uniform(-1.5, 1.5);
  return ([x, y]) => [ox + (x - 0.5) * sx - (y - 0.5) * slant * sy, oy + (y - 0.5) * sy];
}

/** One digit `d` (0–9) as a 28×28 single-channel image. */
export function drawDigit(d: number, rng: SeededRandom): RawImage {
  const map = jitter(rng);
  const strokes = STROKES[d % 10]!.map((s) => s.map(map));
  const pen = rng.uniform(1.1, 1.8);
  const data = new Uint8Array(SIZE * SIZE);
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      let dist = Infinity;
      for (const s of strokes) for (let i = 1; i < s.length; i++) dist = Math.min(dist, segmentDistance(x + 0.5, y + 0.5, s[i - 1]!, s[i]!));
      const ink = Math.max(0, Math.min(1, pen + 0.5 - dist));
      data[y * SIZE + x] = Math.round(255 * ink * (0.85 + 0.15 * rng.next()));
    }
  }
  return { width: SIZE, height: SIZE, channels: 1, data };
}
