/** On-demand reads from a ColumnarGraph: attribute values, input names, whole NodeDefs. */
import { tensorflow } from '../gen/tf.js';
import { utf8 } from '../wire/utf8.js';
import { INPUT_CONTROL, INPUT_EXPLICIT_SLOT, type ColumnarGraph, type NodeTable } from './types.js';

/** Index of an attr key in `graph.attrKeys`, or -1 (cached per graph). */
const keyIndexCache = new WeakMap<ColumnarGraph, Map<string, number>>();
export function attrKeyIndex(graph: ColumnarGraph, key: string): number {
  let m = keyIndexCache.get(graph);
  if (!m) {
    m = new Map(graph.attrKeys.map((k, i) => [k, i]));
    keyIndexCache.set(graph, m);
  }
  return m.get(key) ?? -1;
}

/** Byte range of node `i`'s attr `key` in `graph.bytes`, or null. */
export function attrRange(graph: ColumnarGraph, table: NodeTable, i: number, key: string): [number, number] | null {
  const k = attrKeyIndex(graph, key);
  if (k < 0) return null;
  for (let a = table.attrStart[i]!, e = table.attrStart[i + 1]!; a < e; a++) {
    if (table.attrKey[a] === k) return [table.attrValueStart[a]!, table.attrValueEnd[a]!];
  }
  return null;
}

/** Decodes node `i`'s attr `key`, or returns undefined when the node has no such attr. */
export function getAttr(graph: ColumnarGraph, table: NodeTable, i: number, key: string): tensorflow.AttrValue | undefined {
  const range = attrRange(graph, table, i, key);
  return range ? tensorflow.AttrValue.decode(graph.bytes.subarray(range[0], range[1])) : undefined;
}

/** Attr keys of node `i`, with the size in bytes of each serialized value. */
export function attrSizes(graph: ColumnarGraph, table: NodeTable, i: number): Array<{ key: string; bytes: number }> {
  const out: Array<{ key: string; bytes: number }> = [];
  for (let a = table.attrStart[i]!, e = table.attrStart[i + 1]!; a < e; a++) {
    out.push({ key: graph.attrKeys[table.attrKey[a]!]!, bytes: table.attrValueEnd[a]! - table.attrValueStart[a]! });
  }
  return out;
}

/** The name that input `j` refers to (without `^` and slot). */
export function inputNodeName(graph: ColumnarGraph, table: NodeTable, j: number): string {
  const src = table.inputSrc[j]!;
  return src >= 0 ? table.names[src]! : utf8(graph.bytes, table.inputNameStart[j]!, table.inputNameEnd[j]!);
}

/** Input `j` written back in TensorFlow's string form: `^a`, `a`, `a:2`, `a:out:1`. */
export function inputString(graph: ColumnarGraph, table: NodeTable, j: number): string {
  const name = inputNodeName(graph, table, j);
  const kind = table.inputKind[j]!;
  const prefix = kind & INPUT_CONTROL ? '^' : '';
  const outArg = table.inputOutArg[j]!;
  if (outArg >= 0) return `${prefix}${name}:${graph.strings[outArg]}:${table.inputSlot[j]}`;
  // `a:0` and `a` mean the same; keep whichever the file wrote.
  return kind & INPUT_EXPLICIT_SLOT ? `${prefix}${name}:${table.inputSlot[j]}` : prefix + name;
}

/** Rebuilds node `i` as a full NodeDef (every attr decoded). */
export function toNodeDef(graph: ColumnarGraph, table: NodeTable, i: number): tensorflow.NodeDef {
  const node = new tensorflow.NodeDef();
  node.name = table.names[i]!;
  node.op = graph.ops[table.op[i]!]!;
  node.device = graph.devices[table.device[i]!]!;
  for (let j = table.inputStart[i]!, e = table.inputStart[i + 1]!; j < e; j++) node.input.push(inputString(graph, table, j));
  for (let a = table.attrStart[i]!, e = table.attrStart[i + 1]!; a < e; a++) {
    node.attr[graph.attrKeys[table.attrKey[a]!]!] = tensorflow.AttrValue.decode(graph.bytes.subarray(table.attrValueStart[a], table.attrValueEnd[a]));
  }
  return node;
}

/** Number of data and control edges between nodes of the table (resolved inputs only). */
export function edgeCounts(table: NodeTable): { data: number; control: number; missing: number } {
  let data = 0;
  let control = 0;
  let missing = 0;
  for (let j = 0; j < table.inputSrc.length; j++) {
    if (table.inputSrc[j]! < 0) missing++;
    else if (table.inputKind[j]! & INPUT_CONTROL) control++;
    else data++;
  }
  return { data, control, missing };
}
