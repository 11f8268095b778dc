/**
 * The attribute rows of a NodeDef (tensorboard-graph.md §11.1): display text from
 * `attrBytesText`, cut to a length with the number of characters cut; `_output_shapes` hidden
 * as TensorBoard hides it; each key listed in `_too_large_attrs` shown as "Too large to show…".
 */
import { LARGE_ATTRS_KEY, tensorflow, type ColumnarGraph, type NodeTable } from '@tbg/proto';
import { attrString } from '../graph/attr-wire.js';
import { attrBytesText } from '../search/attr-display.js';
import type { NodeAttribute } from './types.js';

export const DEFAULT_MAX_VALUE_CHARS = 300;
const TOO_LARGE_TEXT = 'Too large to show…';
/** The output shapes: shown on a node's inputs and outputs, not among its attributes. */
export const OUTPUT_SHAPES_KEY = '_output_shapes';
const XLA_CLUSTER_KEY = '_XlaCluster';

/** A value cut to `max` characters, and how many were cut. */
export function cutText(text: string, max: number): { value: string; cut: number } {
  if (text.length <= max) return { value: text, cut: 0 };
  return { value: `${text.slice(0, max)}…`, cut: text.length - max };
}

/** The attribute rows of node `row` of `table`. */
export function nodeAttributes(g: ColumnarGraph, table: NodeTable, row: number, maxChars: number, withOutputShapes: boolean): NodeAttribute[] {
  const out: NodeAttribute[] = [];
  const tooLarge: string[] = [];
  for (let a = table.attrStart[row]!; a < table.attrStart[row + 1]!; a++) {
    const key = g.attrKeys[table.attrKey[a]!]!;
    const s = table.attrValueStart[a]!;
    const e = table.attrValueEnd[a]!;
    if (key === OUTPUT_SHAPES_KEY && !withOutputShapes) continue;
    if (key === LARGE_ATTRS_KEY) {
      tooLarge.push(...largeAttrKeys(g.bytes, s, e));
      continue;
    }
    // The full text, so that the number of characters cut is exact.
    out.push({ key, ...cutText(attrBytesText(g.bytes, s, e, Infinity), maxChars), tooLarge: false });
  }
  for (const key of tooLarge) out.push({ key, value: TOO_LARGE_TEXT, cut: 0, tooLarge: true });
  return out;
}

/** The keys listed in a `_too_large_attrs` value (`list { s: [...] }`); none when malformed. */
function largeAttrKeys(bytes: Uint8Array, start: number, end: number): string[] {
  try {
    const decoder = new TextDecoder();
    return (tensorflow.AttrValue.decode(bytes.subarray(start, end)).list?.s ?? []).map((k) => decoder.decode(k));
  } catch {
    return [];
  }
}

/** The `_XlaCluster` of node `row` of `table`, or ''. */
export function xlaClusterOf(g: ColumnarGraph, table: NodeTable, row: number): string {
  for (let a = table.attrStart[row]!; a < table.attrStart[row + 1]!; a++) {
    if (g.attrKeys[table.attrKey[a]!] === XLA_CLUSTER_KEY) return attrString(g.bytes, table.attrValueStart[a]!, table.attrValueEnd[a]!) ?? '';
  }
  return '';
}
