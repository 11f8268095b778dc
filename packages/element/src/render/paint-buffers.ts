/** The buffers of node paints, for `postMessage(…, transfer)`. */
import { COLOR_MODES, type NodePaint, type PaintSet } from './render-types.js';

export function paintSetBuffers(paints: PaintSet): ArrayBuffer[] {
  return COLOR_MODES.flatMap((m) => paintBuffers(paints[m]));
}

function paintBuffers(p: NodePaint): ArrayBuffer[] {
  const views: ArrayBufferView[] = [p.fill, p.stroke];
  if (p.bands) views.push(p.bands.start, p.bands.end, p.bands.color);
  return views.map((v) => v.buffer as ArrayBuffer);
}
