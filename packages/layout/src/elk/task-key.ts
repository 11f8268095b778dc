/**
 * A content key for an ELK task: two independent 32-bit hashes over the options and every
 * array byte, plus the sizes. Equal keys mean equal tasks (a collision needs both hashes and
 * all sizes to agree), so a cached result can stand in for a new call — e.g. the untouched
 * sections of a split group when one of its children is expanded.
 */
import type { ElkTask } from './task.js';

export function taskKey(t: ElkTask): string {
  let a = 0x811c9dc5;
  let b = 0x9747b28c;
  const mix = (byte: number) => {
    a = Math.imul(a ^ byte, 0x01000193);
    b = Math.imul(b + byte, 0x5bd1e995) ^ (b >>> 15);
  };
  const opts = JSON.stringify(Object.entries(t.options).sort(([x], [y]) => (x < y ? -1 : 1)));
  for (let i = 0; i < opts.length; i++) mix(opts.charCodeAt(i) & 255);
  mix(t.direction === 'UP' ? 1 : 2);
  const arrays = [t.nodeSize, t.nodeKind, t.portStart, t.portXY, t.portSide, t.edges];
  for (const arr of arrays) {
    const bytes = new Uint8Array(arr.buffer, arr.byteOffset, arr.byteLength);
    for (let i = 0; i < bytes.length; i++) mix(bytes[i]!);
    mix(0xff);
  }
  return `${(a >>> 0).toString(36)}.${(b >>> 0).toString(36)}.${arrays.map((x) => x.length).join('.')}`;
}
