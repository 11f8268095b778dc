/**
 * Tensor shapes as the info card shows them (TensorBoard's edge labels): `?×784`, `scalar`,
 * and '' when unknown. Op nodes' shapes come from the SlimGraph; an embedding's are read from
 * its own `_output_shapes` on demand (the SlimGraph keeps none for embeddings).
 */
import { attrRange, type ColumnarGraph } from '@tbg/proto';
import { readShapeList, ShapeWriter } from '../graph/attr-wire.js';
import { slotDims, TABLE_GRAPH, type SlimGraph } from '../graph/slim-graph.js';

/** `?×784` for dims, `scalar` for none, '' for an unknown rank or no shape. */
export function dimsText(dims: readonly number[] | null | undefined): string {
  if (!dims) return '';
  if (!dims.length) return 'scalar';
  return dims.map((d) => (d === -1 ? '?' : String(d))).join('×');
}

/** The shape of output `slot` of op node `i`. */
export function slotShapeText(g: SlimGraph, i: number, slot: number): string {
  return dimsText(slotDims(g, i, slot));
}

/** The shapes of every output of op node `i`, by slot. */
export function outputShapeTexts(g: SlimGraph, i: number): string[] {
  const out: string[] = [];
  for (let s = 0; s < g.shapeStart[i + 1]! - g.shapeStart[i]!; s++) out.push(slotShapeText(g, i, s));
  return out;
}

/** The shapes of every output of embedding `e`, from its `_output_shapes`. */
export function embeddingShapeTexts(g: SlimGraph, e: number): string[] {
  const emb = g.embeddings;
  const table = emb.table[e]!;
  const src: ColumnarGraph = g.source;
  const nodes = table === TABLE_GRAPH ? src.nodes : src.functions[table]?.nodes;
  const range = nodes ? attrRange(src, nodes, emb.row[e]!, '_output_shapes') : null;
  if (!range) return [];
  const w = new ShapeWriter();
  readShapeList(src.bytes, range[0], range[1], w);
  const s = w.done(Uint32Array.of(0, w.slots));
  const shapes = { shapeStart: s.shapeStart, dimStart: s.dimStart, shapeDims: s.dims, slotUnknownRank: s.unknown };
  const out: string[] = [];
  for (let slot = 0; slot < w.slots; slot++) out.push(dimsText(slotDims(shapes, 0, slot)));
  return out;
}
