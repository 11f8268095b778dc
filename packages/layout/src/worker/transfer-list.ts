/**
 * A transfer list postMessage accepts: each buffer once (typed arrays may share one buffer, and
 * a duplicate throws DataCloneError), and no SharedArrayBuffer (shared, never transferred).
 */
export function transferList(buffers: readonly ArrayBufferLike[]): ArrayBuffer[] {
  const out = new Set<ArrayBuffer>();
  for (const b of buffers) if (b instanceof ArrayBuffer) out.add(b);
  return [...out];
}
