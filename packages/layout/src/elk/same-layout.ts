import type { ElkResult } from './task.js';

/**
 * Whether two results have byte-identical geometry (elkMs, a timing, is not compared).
 * @internal for tests
 */
export function sameLayout(a: ElkResult, b: ElkResult): boolean {
  return (
    Object.is(a.width, b.width) &&
    Object.is(a.height, b.height) &&
    sameBytes(a.nodeXY, b.nodeXY) &&
    sameBytes(a.edgePointStart, b.edgePointStart) &&
    sameBytes(a.edgePoints, b.edgePoints)
  );
}

function sameBytes(a: ArrayBufferView, b: ArrayBufferView): boolean {
  if (a.byteLength !== b.byteLength) return false;
  const x = new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
  const y = new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  return true;
}
