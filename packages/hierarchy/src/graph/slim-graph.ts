/**
 * ColumnarGraph → SlimGraph: TensorBoard's `graph.build()` (tensorboard-graph.md §4) on typed
 * arrays. Op nodes (graph nodes, library-function bodies and their input args, and "missing"
 * nodes for inputs that name no node), in- and out-embeddings (Const and *Summary ops shown as
 * annotations), and base edges with their kind, output slot and tensor size.
 * Deliberate differences from TensorBoard are marked "(fix)" and listed in the README.
 */
import {
  attrRange,
  inputNodeName,
  INPUT_CONTROL,
  type ColumnarGraph,
  type NodeTable,
} from '@tbg/proto';
import { attrString, readShapeList, ShapeWriter } from './attr-wire.js';
import { opCompatible } from './tpu.js';

/** Node kinds in `SlimGraph.kind`. */
export const NODE_OP = 0;
/** An input names a node that is not in the graph (TensorBoard drops these silently). */
export const NODE_MISSING = 1;
/** An input argument of a library function (TensorBoard's `input_arg` op). */
export const NODE_INPUT_ARG = 2;
/** The op node TensorBoard makes for each library function (op ``), inside its own scope. */
export const NODE_FUNCTION = 3;

/** Bits of `SlimGraph.edgeFlags`. */
export const EDGE_CONTROL = 1;
export const EDGE_REF = 2;

export const FUNCTION_LIBRARY_PREFIX = '__function_library__';
export const INPUT_ARG_OP = 'input_arg';

/** Ops whose input 0 is a reference (TF1 ref-variable ops), from TensorBoard's table. */
const REF_INPUT0_OPS = new Set(['Assign', 'AssignAdd', 'AssignSub', 'assign', 'assign_add', 'assign_sub', 'count_up_to', 'ScatterAdd', 'ScatterSub', 'ScatterUpdate', 'scatter_add', 'scatter_sub', 'scatter_update']);

export interface BuildParams {
  /** Show Const ops as in-annotations and *Summary ops as out-annotations (default true). */
  enableEmbedding: boolean;
  /** Ops shown as in-embeddings (anchored; TensorBoard's `'Const'` is unanchored — fix). */
  inEmbeddingOps: RegExp;
  /** Ops shown as out-embeddings. */
  outEmbeddingOps: RegExp;
}

export const DEFAULT_BUILD_PARAMS: BuildParams = {
  enableEmbedding: true,
  inEmbeddingOps: /^(Host)?Const$/,
  outEmbeddingOps: /^[a-zA-Z]+Summary$/,
};

/** Const and Summary nodes shown as annotations of the nodes they connect to. */
export interface Embeddings {
  count: number;
  names: string[];
  op: Int32Array;
  device: Int32Array;
  /** Where the NodeDef lives: −1 = the graph's table, k = library function k. */
  table: Int16Array;
  row: Int32Array;
  /** 1 for in-embeddings (Const), 2 for out-embeddings (Summary). */
  side: Uint8Array;
  compatible: Uint8Array;
}

export interface SlimGraph {
  readonly source: ColumnarGraph;
  /** Op nodes (embeddings excluded). */
  readonly n: number;
  /**
   * Names as written in the GraphDef (function nodes get their `__function_library__f/` prefix;
   * missing nodes are named by the input that refers to them). The hierarchy applies
   * TensorBoard's strict renaming (`a/b` that is also a scope shows as `a/b/(b)`).
   */
  readonly names: string[];
  readonly op: Int32Array;
  /** Op strings (the columnar table plus `input_arg` and `` for missing nodes). */
  readonly ops: string[];
  readonly device: Int32Array;
  readonly devices: string[];
  /** Index into `xlaClusters`, or −1. */
  readonly xla: Int32Array;
  readonly xlaClusters: string[];
  readonly kind: Uint8Array;
  readonly compatible: Uint8Array;
  /** Where the NodeDef lives (−1 = graph, k = function k; −2 = synthetic) and its row. */
  readonly table: Int16Array;
  readonly row: Int32Array;
  /** Function input args → their argument index (sparse: only function nodes). */
  readonly functionInputIndex: ReadonlyMap<number, number>;
  /** Function body nodes named by a `ret` entry → that output's index (fix: TB only matches names). */
  readonly functionOutputIndex: ReadonlyMap<number, number>;
  /** Nodes whose op is a library function's name → that function's index (sparse). */
  readonly callee: ReadonlyMap<number, number>;
  /**
   * Output shapes from `_output_shapes`: slots of node i are `[shapeStart[i], shapeStart[i+1])`;
   * slot s has dims `shapeDims[dimStart[s] .. dimStart[s+1])`, −1 for an unknown dim, and an
   * unknown rank when `slotUnknownRank[s]`.
   */
  readonly shapeStart: Uint32Array;
  readonly dimStart: Uint32Array;
  readonly shapeDims: Float64Array;
  readonly slotUnknownRank: Uint8Array;
  /** True when any node has `_output_shapes`. */
  readonly hasShapeInfo: boolean;
  /** In-/out-embeddings of node i: `embIn[embInStart[i] .. embInStart[i+1])`. */
  readonly embInStart: Uint32Array;
  readonly embIn: Int32Array;
  readonly embOutStart: Uint32Array;
  readonly embOut: Int32Array;
  readonly embeddings: Embeddings;
  /** Base edges. */
  readonly edgeCount: number;
  readonly edgeV: Int32Array;
  readonly edgeW: Int32Array;
  /** Output slot of `v` the edge carries (−1 for control edges). */
  readonly edgeSlot: Int32Array;
  readonly edgeFlags: Uint8Array;
  /** Tensor size (elements) of the edge's own output slot (fix: TB sums all outputs); 1 when unknown. Float32: it only scales widths. */
  readonly edgeSize: Float32Array;
  /** Library function names, by index (as in `source.functions`). */
  readonly functionNames: string[];
  readonly warnings: string[];
}

interface RawNodes {
  names: string[];
  op: number[];
  device: number[];
  table: number[];
  row: number[];
  kind: number[];
  argIndex: number[];
}

/** Builds the SlimGraph. Iterative throughout; linear in nodes + inputs. */
export function buildSlimGraph(g: ColumnarGraph, params: Partial<BuildParams> = {}): SlimGraph {
  const p = { ...DEFAULT_BUILD_PARAMS, ...params };
  const warnings: string[] = [];
  const ops = g.ops.slice();
  const opIndex = new Map(ops.map((o, i) => [o, i]));
  const opId = (o: string) => {
    let i = opIndex.get(o);
    if (i === undefined) {
      i = ops.length;
      ops.push(o);
      opIndex.set(o, i);
    }
    return i;
  };
  const inputArgOp = opId(INPUT_ARG_OP);
  const missingOp = opId('');

  // 1. Raw nodes: the graph's, then each function's input args and body, all with full names.
  const raw: RawNodes = { names: [], op: [], device: [], table: [], row: [], kind: [], argIndex: [] };
  const pushRaw = (name: string, op: number, device: number, table: number, row: number, kind: number, argIndex: number) => {
    raw.names.push(name);
    raw.op.push(op);
    raw.device.push(device);
    raw.table.push(table);
    raw.row.push(row);
    raw.kind.push(kind);
    raw.argIndex.push(argIndex);
    return raw.names.length - 1;
  };
  const t = g.nodes;
  for (let i = 0; i < t.count; i++) pushRaw(t.names[i]!, t.op[i]!, t.device[i]!, -1, i, NODE_OP, -1);
  const fnArgBase: number[] = [];
  const fnBodyBase: number[] = [];
  const fnOp = opId('');
  g.functions.forEach((f, k) => {
    const prefix = `${FUNCTION_LIBRARY_PREFIX}${f.name}/`;
    // TensorBoard also makes an op node named like the function itself (op ``); its scope then
    // renames it `__function_library__f/(__function_library__f)`.
    pushRaw(`${FUNCTION_LIBRARY_PREFIX}${f.name}`, fnOp, 0, -2, k, NODE_FUNCTION, -1);
    fnArgBase.push(raw.names.length);
    f.signature.input_arg.forEach((arg, a) => pushRaw(prefix + arg.name, inputArgOp, 0, -2, k, NODE_INPUT_ARG, a));
    fnBodyBase.push(raw.names.length);
    for (let i = 0; i < f.nodes.count; i++) pushRaw(prefix + f.nodes.names[i]!, f.nodes.op[i]!, f.nodes.device[i]!, k, i, NODE_OP, -1);
  });
  const rawCount = raw.names.length;

  // Duplicate and empty names would break the name hierarchy: make them unique and say so.
  const fixed = fixNames(raw.names, g, warnings);

  // 2. Embeddings.
  // 0 = op node, 1 = in-embedding, 2 = out-embedding (a plain array: missing nodes are appended).
  const side: number[] = new Array<number>(rawCount).fill(0);
  if (p.enableEmbedding) {
    const opSide = ops.map((o) => (p.inEmbeddingOps.test(o) ? 1 : p.outEmbeddingOps.test(o) ? 2 : 0));
    for (let r = 0; r < rawCount; r++) if (raw.kind[r] === NODE_OP) side[r] = opSide[raw.op[r]!]!;
  }

  // 3. Resolve every input of every raw node to a raw node (creating missing nodes).
  const missingByName = new Map<string, number>();
  let malformedMissing = 0;
  const missingNode = (name: string) => {
    let r = missingByName.get(name);
    if (r === undefined) {
      // Named by the reference; a malformed one gets a stand-in as node names do, and one that
      // equals a stand-in given above (`a~2`, `(unnamed 1)`) gets the next free suffix.
      let shown = name;
      if (isMalformedName(name)) shown = `(unnamed ${fixed.empty + ++malformedMissing})${name ? `:${name.replace(/\//g, '|')}` : ''}`;
      if (fixed.generated.has(shown)) {
        let k = 2;
        while (fixed.generated.has(`${shown}~${k}`)) k++;
        shown = `${shown}~${k}`;
      }
      fixed.generated.add(shown);
      r = pushRaw(shown, missingOp, 0, -2, -1, NODE_MISSING, -1);
      missingByName.set(name, r);
      side.push(0);
    }
    return r;
  };
  const tableOf = (r: number): NodeTable => (raw.table[r] === -1 ? g.nodes : g.functions[raw.table[r]!]!.nodes);
  /** Raw id of input j of raw node r (a real node table row only). */
  const argNameIndex = g.functions.map((f) => new Map(f.signature.input_arg.map((a, i) => [a.name, i])));
  const resolve = (r: number, j: number): number => {
    const tk = raw.table[r]!;
    const table = tableOf(r);
    const src = table.inputSrc[j]!;
    if (tk === -1) return src >= 0 ? src : missingNode(inputNodeName(g, table, j));
    if (src >= 0) return fnBodyBase[tk]! + src;
    const name = inputNodeName(g, table, j);
    const arg = argNameIndex[tk]!.get(name);
    if (arg !== undefined) return fnArgBase[tk]! + arg;
    return missingNode(`${FUNCTION_LIBRARY_PREFIX}${g.functions[tk]!.name}/${name}`);
  };

  // Edge scratch, four ints per edge: v (raw), w (raw), slot, flags.
  let scratch = new Int32Array(Math.max(64, g.nodes.inputSrc.length * 4 + 64));
  let m = 0;
  const embInPairs: number[] = []; // consumer raw, embedding raw
  const embOutPairs: number[] = [];
  const addEdge = (v: number, w: number, slot: number, flags: number) => {
    if (v === w) return; // TensorBoard skips self-loops
    if (m * 4 + 4 > scratch.length) {
      const grown = new Int32Array(scratch.length * 2);
      grown.set(scratch);
      scratch = grown;
    }
    const o = m * 4;
    scratch[o] = v;
    scratch[o + 1] = w;
    scratch[o + 2] = flags & EDGE_CONTROL ? -1 : slot;
    scratch[o + 3] = flags;
    m++;
  };
  const inputFlags = (table: NodeTable, j: number) => ((table.inputKind[j]! & INPUT_CONTROL) !== 0 ? EDGE_CONTROL : 0);

  for (let r = 0; r < rawCount; r++) {
    if (raw.kind[r] !== NODE_OP || side[r] !== 0) continue;
    const table = tableOf(r);
    const row = raw.row[r]!;
    const consumerOp = ops[raw.op[r]!]!;
    for (let j = table.inputStart[row]!, i = 0; j < table.inputStart[row + 1]!; j++, i++) {
      const src = resolve(r, j);
      const flags = inputFlags(table, j) | (i === 0 && REF_INPUT0_OPS.has(consumerOp) && !(inputFlags(table, j) & EDGE_CONTROL) ? EDGE_REF : 0);
      if (side[src] === 1) {
        // A Const: it becomes an annotation of this node; its own inputs (control deps) are
        // attached to this node instead.
        embInPairs.push(r, src);
        const et = tableOf(src);
        const erow = raw.row[src]!;
        for (let k = et.inputStart[erow]!; k < et.inputStart[erow + 1]!; k++) {
          const s2 = resolve(src, k);
          if (side[s2] === 0) addEdge(s2, r, et.inputSlot[k]!, inputFlags(et, k));
        }
      } else if (side[src] === 2) {
        // A Summary consumed by this node: take the summary's inputs, with their own kind and slot (fix).
        const et = tableOf(src);
        const erow = raw.row[src]!;
        for (let k = et.inputStart[erow]!; k < et.inputStart[erow + 1]!; k++) {
          const s2 = resolve(src, k);
          if (side[s2] === 0) addEdge(s2, r, et.inputSlot[k]!, inputFlags(et, k));
        }
      } else {
        addEdge(src, r, table.inputSlot[j]!, flags);
      }
    }
  }
  // Out-embeddings attach to each node they read from.
  for (let r = 0; r < rawCount; r++) {
    if (side[r] !== 2) continue;
    const table = tableOf(r);
    const row = raw.row[r]!;
    for (let j = table.inputStart[row]!; j < table.inputStart[row + 1]!; j++) {
      const src = resolve(r, j);
      if (side[src] === 0) embOutPairs.push(src, r);
    }
  }

  // 4. Dense ids for op nodes (raw order, missing nodes last) and for embeddings.
  const totalRaw = raw.names.length;
  // Op nodes get dense ids (raw order, missing nodes last); embeddings get −1 − their index.
  const nodeId = new Int32Array(totalRaw);
  let n = 0;
  let ne = 0;
  for (let r = 0; r < totalRaw; r++) nodeId[r] = side[r] === 0 ? n++ : -1 - ne++;

  const names: string[] = new Array<string>(n);
  const op = new Int32Array(n);
  const device = new Int32Array(n);
  const kind = new Uint8Array(n);
  const table = new Int16Array(n);
  const row = new Int32Array(n);
  const functionInputIndex = new Map<number, number>();
  const functionOutputIndex = new Map<number, number>();
  const emb: Embeddings = {
    count: ne,
    names: new Array<string>(ne),
    op: new Int32Array(ne),
    device: new Int32Array(ne),
    table: new Int16Array(ne),
    row: new Int32Array(ne),
    side: new Uint8Array(ne),
    compatible: new Uint8Array(ne),
  };
  for (let r = 0; r < totalRaw; r++) {
    const id = nodeId[r]!;
    if (id >= 0) {
      names[id] = raw.names[r]!;
      op[id] = raw.op[r]!;
      device[id] = raw.device[r]!;
      kind[id] = raw.kind[r]!;
      table[id] = raw.table[r]!;
      row[id] = raw.row[r]!;
      if (raw.kind[r] === NODE_INPUT_ARG) functionInputIndex.set(id, raw.argIndex[r]!);
    } else {
      const e = -1 - id;
      emb.names[e] = raw.names[r]!;
      emb.op[e] = raw.op[r]!;
      emb.device[e] = raw.device[r]!;
      emb.table[e] = raw.table[r]!;
      emb.row[e] = raw.row[r]!;
      emb.side[e] = side[r]!;
    }
  }

  // Function outputs through `ret` (fix: TensorBoard only marks a body node named like the output).
  g.functions.forEach((f, k) => {
    f.signature.output_arg.forEach((arg, i) => {
      const ret = f.ret[arg.name];
      if (!ret) return;
      const local = ret.split(':')[0]!;
      const rowIdx = f.nodes.names.indexOf(local);
      if (rowIdx < 0) return;
      const id = nodeId[fnBodyBase[k]! + rowIdx]!;
      if (id >= 0) functionOutputIndex.set(id, i);
    });
  });

  // 5. Edges in node ids.
  const edgeV = new Int32Array(m);
  const edgeW = new Int32Array(m);
  const edgeSlot = new Int32Array(m);
  const edgeFlags = new Uint8Array(m);
  for (let e = 0, o = 0; e < m; e++, o += 4) {
    edgeV[e] = nodeId[scratch[o]!]!;
    edgeW[e] = nodeId[scratch[o + 1]!]!;
    edgeSlot[e] = scratch[o + 2]!;
    edgeFlags[e] = scratch[o + 3]!;
  }

  // 6. Embedding lists per node (CSR).
  const csr = (pairs: number[]) => {
    const start = new Uint32Array(n + 1);
    const k = pairs.length / 2;
    for (let i = 0; i < k; i++) start[nodeId[pairs[2 * i]!]! + 1]!++;
    for (let i = 0; i < n; i++) start[i + 1]! += start[i]!;
    const fillAt = start.slice(0, n);
    const list = new Int32Array(k);
    for (let i = 0; i < k; i++) {
      const host = nodeId[pairs[2 * i]!]!;
      list[fillAt[host]!++] = -1 - nodeId[pairs[2 * i + 1]!]!;
    }
    return { start, list };
  };
  const embInCsr = csr(embInPairs);
  const embOutCsr = csr(embOutPairs);

  // 7. Shapes, XLA clusters, callees, compatibility.
  const shapes = readShapes(g, n, table, row);
  const edgeSize = new Float32Array(m);
  for (let e = 0; e < m; e++) edgeSize[e] = edgeFlags[e]! & EDGE_CONTROL ? 1 : slotSize(shapes, edgeV[e]!, edgeSlot[e]!);

  const xlaIndex = new Map<string, number>();
  const xlaClusters: string[] = [];
  const xla = new Int32Array(n).fill(-1);
  for (let i = 0; i < n; i++) {
    if (table[i]! < -1) continue;
    const nt = table[i] === -1 ? g.nodes : g.functions[table[i]!]!.nodes;
    const range = attrRange(g, nt, row[i]!, '_XlaCluster');
    if (!range) continue;
    const s = attrString(g.bytes, range[0], range[1]);
    if (s === null) continue;
    let c = xlaIndex.get(s);
    if (c === undefined) {
      c = xlaClusters.length;
      xlaClusters.push(s);
      xlaIndex.set(s, c);
    }
    xla[i] = c;
  }
  const functionNames = g.functions.map((f) => f.name);
  const fnByName = new Map(functionNames.map((f, k) => [f, k]));
  const calleeOfOp = ops.map((o) => fnByName.get(o) ?? -1);
  const callee = new Map<number, number>();
  if (functionNames.length) {
    for (let i = 0; i < n; i++) {
      const c = calleeOfOp[op[i]!]!;
      if (c >= 0 && kind[i] === NODE_OP) callee.set(i, c);
    }
  }
  const compatible = new Uint8Array(n);
  for (let i = 0; i < n; i++) compatible[i] = opCompatible(names[i]!, ops[op[i]!]!, g.devices[device[i]!]!) ? 1 : 0;
  for (let e = 0; e < ne; e++) emb.compatible[e] = opCompatible(emb.names[e]!, ops[emb.op[e]!]!, g.devices[emb.device[e]!]!) ? 1 : 0;

  if (missingByName.size) warnings.push(`${missingByName.size} inputs name nodes that are not in the graph; they are shown as missing nodes`);
  if (malformedMissing) warnings.push(`${malformedMissing} inputs have an empty or malformed name; their missing nodes are shown as "(unnamed N)"`);

  return {
    source: g,
    n,
    names,
    op,
    ops,
    device,
    devices: g.devices,
    xla,
    xlaClusters,
    kind,
    compatible,
    table,
    row,
    functionInputIndex,
    functionOutputIndex,
    callee,
    shapeStart: shapes.shapeStart,
    dimStart: shapes.dimStart,
    shapeDims: shapes.dims,
    slotUnknownRank: shapes.unknown,
    hasShapeInfo: shapes.any,
    embInStart: embInCsr.start,
    embIn: embInCsr.list,
    embOutStart: embOutCsr.start,
    embOut: embOutCsr.list,
    embeddings: emb,
    edgeCount: m,
    edgeV,
    edgeW,
    edgeSlot,
    edgeFlags,
    edgeSize,
    functionNames,
    warnings,
  };
}

/**
 * Empty or malformed names, and names that repeat, get unique stand-ins (with a warning), so
 * the hierarchy stays a tree. Repeats are known from the columnar decode; a Set is only built
 * when there are some. Returns the number of `(unnamed N)` stand-ins and every stand-in made, so
 * that missing nodes (named later, by reference) continue the numbering and avoid them.
 */
function fixNames(names: string[], g: ColumnarGraph, warnings: string[]): { empty: number; generated: Set<string> } {
  let empty = 0;
  const generated = new Set<string>();
  for (let r = 0; r < names.length; r++) {
    const name = names[r]!;
    if (isMalformedName(name)) {
      empty++;
      names[r] = `(unnamed ${empty})${name ? `:${name.replace(/\//g, '|')}` : ''}`;
      generated.add(names[r]!);
    }
  }
  const anyDup = g.nodes.duplicates.length > 0 || g.functions.some((f) => f.nodes.duplicates.length > 0) || empty > 0;
  let dup = 0;
  if (anyDup) {
    const seen = new Set<string>();
    for (let r = 0; r < names.length; r++) {
      let name = names[r]!;
      if (seen.has(name)) {
        let k = 2;
        while (seen.has(`${name}~${k}`)) k++;
        name = `${name}~${k}`;
        names[r] = name;
        generated.add(name);
        dup++;
      }
      seen.add(name);
    }
  }
  if (empty) warnings.push(`${empty} nodes have an empty or malformed name; shown as "(unnamed N)"`);
  if (dup) warnings.push(`${dup} node names repeat; later ones are shown as "name~2", "name~3", …`);
  return { empty, generated };
}

/** Empty, or an empty path segment (leading, trailing or doubled `/`): it would break the tree. */
function isMalformedName(name: string): boolean {
  return name === '' || name.charCodeAt(name.length - 1) === 47 || name.charCodeAt(0) === 47 || name.includes('//');
}

interface Shapes {
  shapeStart: Uint32Array;
  dimStart: Uint32Array;
  dims: Float64Array;
  unknown: Uint8Array;
  any: boolean;
}

function readShapes(g: ColumnarGraph, n: number, table: Int16Array, row: Int32Array): Shapes {
  const shapeStart = new Uint32Array(n + 1);
  const out = new ShapeWriter();
  for (let i = 0; i < n; i++) {
    shapeStart[i] = out.slots;
    if (table[i]! < -1) continue;
    const nt = table[i] === -1 ? g.nodes : g.functions[table[i]!]!.nodes;
    const range = attrRange(g, nt, row[i]!, '_output_shapes');
    if (range) readShapeList(g.bytes, range[0], range[1], out);
  }
  shapeStart[n] = out.slots;
  return out.done(shapeStart);
}

/** Dims of node `i`'s output `slot`: an array, null when the rank is unknown, undefined when there is no shape info. */
export function slotDims(g: Pick<SlimGraph, 'shapeStart' | 'dimStart' | 'shapeDims' | 'slotUnknownRank'>, i: number, slot: number): number[] | null | undefined {
  const s = g.shapeStart[i]! + slot;
  if (slot < 0 || s >= g.shapeStart[i + 1]!) return undefined;
  if (g.slotUnknownRank[s]) return null;
  return Array.from(g.shapeDims.subarray(g.dimStart[s]!, g.dimStart[s + 1]!));
}

function slotSize(sh: Shapes, i: number, slot: number): number {
  const s = sh.shapeStart[i]! + slot;
  if (slot < 0 || s >= sh.shapeStart[i + 1]! || sh.unknown[s]) return 1;
  let size = 1;
  for (let k = sh.dimStart[s]!; k < sh.dimStart[s + 1]!; k++) {
    const d = sh.dims[k]!;
    size *= d === -1 ? 1 : d;
  }
  return size;
}
