/**
 * ColumnarGraph → SlimGraph: TensorBoard's `graph.build()` (tensorboard-graph.md §4) on typed
 * arrays. Op nodes (graph nodes, library-function bodies and their input args, and "missing"
 * nodes for inputs that name no node — in PyTorch graphs those inputs are dropped and listed
 * instead), in- and out-embeddings (constant and *Summary ops shown as annotations), and base
 * edges with their kind, output slot and tensor size.
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

/**
 * Node kinds, the codes of the one-byte-per-node column `SlimGraph.kind` (a typed array, so
 * codes rather than strings).
 */
export const NODE_KIND = {
  /** An op node: a NodeDef of the graph or of a library function's body. */
  op: 0,
  /** An input names a node that is not in the graph (TensorBoard drops these silently). */
  missing: 1,
  /** An input argument of a library function (TensorBoard's `input_arg` op). */
  inputArg: 2,
  /** The op node TensorBoard makes for each library function (op ``), inside its own scope. */
  function: 3,
} as const;
export type NodeKindCode = (typeof NODE_KIND)[keyof typeof NODE_KIND];
export const NODE_OP = NODE_KIND.op;
export const NODE_MISSING = NODE_KIND.missing;
export const NODE_INPUT_ARG = NODE_KIND.inputArg;
export const NODE_FUNCTION = NODE_KIND.function;

/** Which annotation list an embedding shows in: the codes of the column `Embeddings.side`. */
export const EMBEDDING_SIDE = {
  /** An in-embedding (a Const), shown among its consumer's inputs. */
  in: 1,
  /** An out-embedding (a *Summary), shown among its producer's outputs. */
  out: 2,
} as const;
export type EmbeddingSideCode = (typeof EMBEDDING_SIDE)[keyof typeof EMBEDDING_SIDE];
/** A raw node's side while building: it stays an op node. */
const NOT_EMBEDDED = 0;
type RawSide = typeof NOT_EMBEDDED | EmbeddingSideCode;

/** Bits of `SlimGraph.edgeFlags`. */
export const EDGE_CONTROL = 1;
export const EDGE_REF = 2;

/** `SlimGraph.table` / `Embeddings.table`: the graph's own node table (k ≥ 0 is library function k). */
export const TABLE_GRAPH = -1;
/** `SlimGraph.table`: a node made here (function, input arg, missing), with no NodeDef. */
const TABLE_SYNTHETIC = -2;

/** The scope of library function f's nodes: `__function_library__f/`. */
export const FUNCTION_LIBRARY_PREFIX = '__function_library__';
/** The op of a function's input arg nodes. */
const INPUT_ARG_OP = 'input_arg';

/** Ops whose input 0 is a reference (TF1 ref-variable ops), from TensorBoard's table. */
const REF_INPUT0_OPS = new Set(['Assign', 'AssignAdd', 'AssignSub', 'assign', 'assign_add', 'assign_sub', 'count_up_to', 'ScatterAdd', 'ScatterSub', 'ScatterUpdate', 'scatter_add', 'scatter_sub', 'scatter_update']);

/**
 * The constant ops shown as in-embeddings by default, matched whole. TensorBoard matches the
 * unanchored regex `Const`, so it embeds every op whose name contains `Const`: the constants of
 * other frameworks, which it gets right by accident, and unrelated ops such as ONNX's
 * `ConstantOfShape` or TF's `GuaranteeConst` (an identity with an input), which it gets wrong.
 * We name the constants on purpose (fix of quirk 5):
 * - `Const`, `HostConst`: TensorFlow;
 * - `prim::Constant`: PyTorch's TorchScript graphs (`SummaryWriter.add_graph`, tensorboardX ≥ 1.6);
 * - `onnx::Constant`: older PyTorch graphs traced through ONNX (tensorboardX 1.x).
 * A bare `Constant` (ONNX's op type, from `add_onnx_graph`) is not on the list: without a
 * namespace it may be any framework's op, so it stays an op node.
 */
export const CONSTANT_OPS = ['Const', 'HostConst', 'prim::Constant', 'onnx::Constant'] as const;

/**
 * How inputs that name no node are shown: `'node'` as a missing node (kind `NODE_MISSING`),
 * `'drop'` not at all (listed in `SlimGraph.droppedInputs`), `'auto'` drops them in PyTorch
 * graphs (`isPyTorchGraph`) and makes nodes otherwise.
 */
export type MissingInputMode = 'auto' | 'node' | 'drop';

export interface BuildParams {
  /** Show Const ops as in-annotations and *Summary ops as out-annotations (default true). */
  enableEmbedding: boolean;
  /** Ops shown as in-embeddings (default: `CONSTANT_OPS`, anchored; TensorBoard's `'Const'` is unanchored — fix). */
  inEmbeddingOps: RegExp;
  /** Ops shown as out-embeddings. */
  outEmbeddingOps: RegExp;
  /** Inputs that name no node (default `'auto'`). */
  missingInputs: MissingInputMode;
}

export const DEFAULT_BUILD_PARAMS: BuildParams = {
  enableEmbedding: true,
  inEmbeddingOps: new RegExp(`^(?:${CONSTANT_OPS.join('|')})$`),
  outEmbeddingOps: /^[a-zA-Z]+Summary$/,
  missingInputs: 'auto',
};

/**
 * The op namespaces of PyTorch's TorchScript IR. TensorFlow op names are CamelCase identifiers
 * (`[A-Z][A-Za-z0-9_>]*`), so an op in one of these namespaces only comes from PyTorch.
 */
export const PYTORCH_OP_NAMESPACES = ['prim::', 'aten::'] as const;

/** Which framework wrote the graph, as far as the build cares: see `isPyTorchGraph`. */
export type GraphFramework = 'pytorch' | 'other';

/**
 * A graph written by PyTorch (`torch.utils.tensorboard` / tensorboardX `add_graph`): some op is
 * in a `PYTORCH_OP_NAMESPACES` namespace. Their `prim::GetAttr` nodes read module objects
 * (`Net/Conv2d[conv1]/weight/conv1`) that PyTorch leaves out of the graph.
 */
export function isPyTorchGraph(ops: readonly string[]): boolean {
  return ops.some((o) => PYTORCH_OP_NAMESPACES.some((ns) => o.startsWith(ns)));
}

/**
 * An input name that names no node and is not drawn (`MissingInputMode` `'drop'`): TensorBoard
 * drops these silently; we list them so a UI can show them with their readers.
 */
export interface DroppedInput {
  /** The name the inputs refer to, e.g. `Net/Conv2d[conv1]/weight/conv1`. */
  readonly name: string;
  /** Op nodes (ids `0 … n−1`, the same in the Hierarchy) whose inputs name it, ascending, each once. */
  readonly consumers: readonly number[];
  /** Embeddings (indices into `SlimGraph.embeddings`) whose inputs name it, ascending, each once. */
  readonly embeddingConsumers: readonly number[];
}

/** Const and Summary nodes shown as annotations of the nodes they connect to. */
export interface Embeddings {
  count: number;
  names: string[];
  op: Int32Array;
  device: Int32Array;
  /** Where the NodeDef lives: −1 = the graph's table, k = library function k. */
  table: Int16Array;
  row: Int32Array;
  /** `EMBEDDING_SIDE` codes: in-embeddings (Const) or out-embeddings (Summary). */
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
  /** `NODE_KIND` codes. */
  readonly kind: Uint8Array;
  readonly compatible: Uint8Array;
  /** Where the NodeDef lives (−1 = graph, k = function k; −2 = synthetic: made here, no NodeDef) and its row. */
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
  /** `EDGE_CONTROL` and `EDGE_REF` bits. */
  readonly edgeFlags: Uint8Array;
  /** Tensor size (elements) of the edge's own output slot (fix: TB sums all outputs); 1 when unknown. Float32: it only scales widths. */
  readonly edgeSize: Float32Array;
  /** Library function names, by index (as in `source.functions`). */
  readonly functionNames: string[];
  /** `'pytorch'` when `isPyTorchGraph` holds for the graph's ops. */
  readonly framework: GraphFramework;
  /** Inputs naming no node that were not made missing nodes (see `MissingInputMode`), in first-seen order. */
  readonly droppedInputs: readonly DroppedInput[];
  readonly warnings: string[];
}

/** Builds the SlimGraph. Iterative throughout; linear in nodes + inputs. */
export function buildSlimGraph(g: ColumnarGraph, params: Partial<BuildParams> = {}): SlimGraph {
  const p = { ...DEFAULT_BUILD_PARAMS, ...params };
  const warnings: string[] = [];
  const ops = new OpStrings(g.ops);
  // 1. Raw nodes: the graph's, then each function's input args and body, all with full names.
  const raw = collectRawNodes(g, ops);
  const rawCount = raw.names.length;
  // Duplicate and empty names would break the name hierarchy: make them unique and say so.
  const fixed = fixNames(raw.names, g, warnings);
  // 2. Embeddings: which raw nodes become annotations.
  const side = embeddingSides(raw, ops.list, p);
  // 3. Resolve every input of every raw node to a raw node (creating missing nodes, or dropping
  // them in PyTorch graphs).
  const framework: GraphFramework = isPyTorchGraph(g.ops) ? 'pytorch' : 'other';
  const dropMissing = p.missingInputs === 'drop' || (p.missingInputs === 'auto' && framework === 'pytorch');
  const inputs = new InputResolver(g, raw, side, fixed, dropMissing);
  const scratch = new EdgeScratch(g.nodes.inputSrc.length * 4 + 64);
  const embInPairs = collectEdges(inputs, scratch, ops.list, rawCount);
  const embOutPairs = collectOutEmbeddings(inputs, rawCount);
  // 4. Dense ids: op nodes in raw order (missing nodes last), embeddings apart.
  const ids = denseIds(side);
  const nodes = nodeColumns(raw, ids);
  const embeddings = embeddingColumns(raw, side, ids);
  // 5. Edges in node ids; 6. embedding lists per node.
  const edges = edgeColumns(scratch, ids.nodeId);
  const embIn = embeddingLists(embInPairs, ids);
  const embOut = embeddingLists(embOutPairs, ids);
  // 7. Shapes, XLA clusters, callees, compatibility.
  const n = ids.n;
  const shapes = readShapes(g, n, nodes.table, nodes.row);
  const functionNames = g.functions.map((f) => f.name);
  const compatible = new Uint8Array(n);
  markCompatible(nodes, ops.list, g.devices, compatible);
  markCompatible(embeddings, ops.list, g.devices, embeddings.compatible);
  inputs.warn(warnings);
  return {
    source: g,
    n,
    ...nodes,
    ops: ops.list,
    devices: g.devices,
    ...xlaClusters(g, nodes),
    compatible,
    functionOutputIndex: functionOutputs(g, raw, ids.nodeId),
    callee: callees(ops.list, functionNames, nodes),
    shapeStart: shapes.shapeStart,
    dimStart: shapes.dimStart,
    shapeDims: shapes.dims,
    slotUnknownRank: shapes.unknown,
    hasShapeInfo: shapes.any,
    embInStart: embIn.start,
    embIn: embIn.list,
    embOutStart: embOut.start,
    embOut: embOut.list,
    embeddings,
    ...edges,
    edgeSize: edgeSizes(shapes, edges),
    functionNames,
    framework,
    droppedInputs: inputs.droppedInputs(ids.nodeId),
    warnings,
  };
}

/** The op strings: the columnar table, extended by the ops made here (`input_arg`, ``). */
class OpStrings {
  readonly list: string[];
  private readonly index: Map<string, number>;

  constructor(ops: readonly string[]) {
    this.list = ops.slice();
    this.index = new Map(this.list.map((o, i) => [o, i]));
  }

  id(o: string): number {
    let i = this.index.get(o);
    if (i === undefined) {
      i = this.list.length;
      this.list.push(o);
      this.index.set(o, i);
    }
    return i;
  }
}

/** Every node before embedding, as columns; missing nodes are appended while inputs are resolved. */
class RawNodes {
  readonly names: string[] = [];
  readonly op: number[] = [];
  readonly device: number[] = [];
  readonly table: number[] = [];
  readonly row: number[] = [];
  readonly kind: NodeKindCode[] = [];
  readonly argIndex: number[] = [];
  /** Raw id of the first input arg / body node of each library function. */
  readonly fnArgBase: number[] = [];
  readonly fnBodyBase: number[] = [];

  /** @param emptyOp the op id of ``, the op of function and missing nodes */
  constructor(readonly emptyOp: number) {}

  push(name: string, op: number, device: number, table: number, row: number, kind: NodeKindCode, argIndex: number): number {
    this.names.push(name);
    this.op.push(op);
    this.device.push(device);
    this.table.push(table);
    this.row.push(row);
    this.kind.push(kind);
    this.argIndex.push(argIndex);
    return this.names.length - 1;
  }
}

function collectRawNodes(g: ColumnarGraph, ops: OpStrings): RawNodes {
  const inputArgOp = ops.id(INPUT_ARG_OP);
  const raw = new RawNodes(ops.id(''));
  const t = g.nodes;
  for (let i = 0; i < t.count; i++) raw.push(t.names[i]!, t.op[i]!, t.device[i]!, TABLE_GRAPH, i, NODE_OP, -1);
  g.functions.forEach((f, k) => {
    const prefix = `${FUNCTION_LIBRARY_PREFIX}${f.name}/`;
    // TensorBoard also makes an op node named like the function itself (op ``); its scope then
    // renames it `__function_library__f/(__function_library__f)`.
    raw.push(`${FUNCTION_LIBRARY_PREFIX}${f.name}`, raw.emptyOp, 0, TABLE_SYNTHETIC, k, NODE_FUNCTION, -1);
    raw.fnArgBase.push(raw.names.length);
    f.signature.input_arg.forEach((arg, a) => raw.push(prefix + arg.name, inputArgOp, 0, TABLE_SYNTHETIC, k, NODE_INPUT_ARG, a));
    raw.fnBodyBase.push(raw.names.length);
    for (let i = 0; i < f.nodes.count; i++) raw.push(prefix + f.nodes.names[i]!, f.nodes.op[i]!, f.nodes.device[i]!, k, i, NODE_OP, -1);
  });
  return raw;
}

/** The side of every raw node (a plain array: missing nodes are appended, never embedded). */
function embeddingSides(raw: RawNodes, ops: readonly string[], p: BuildParams): RawSide[] {
  const count = raw.names.length;
  const side = new Array<RawSide>(count).fill(NOT_EMBEDDED);
  if (!p.enableEmbedding) return side;
  const opSide = ops.map((o): RawSide => (p.inEmbeddingOps.test(o) ? EMBEDDING_SIDE.in : p.outEmbeddingOps.test(o) ? EMBEDDING_SIDE.out : NOT_EMBEDDED));
  for (let r = 0; r < count; r++) if (raw.kind[r] === NODE_OP) side[r] = opSide[raw.op[r]!]!;
  return side;
}

/** `InputResolver.resolve` of an input that names no node, when missing inputs are dropped. */
const DROPPED = -1;

/**
 * Resolves inputs of raw nodes to raw nodes; an input naming no node gets a missing node, or,
 * when `dropMissing`, resolves to `DROPPED` and is recorded with the raw nodes that read it.
 */
class InputResolver {
  private readonly missingByName = new Map<string, number>();
  private malformedMissing = 0;
  /** Dropped input name → the raw nodes reading it (repeats are removed at the end). */
  private readonly dropped = new Map<string, number[]>();
  /** Per library function: input arg name → argument index. */
  private readonly argNameIndex: Map<string, number>[];

  constructor(
    readonly g: ColumnarGraph,
    readonly raw: RawNodes,
    readonly side: RawSide[],
    private readonly fixed: FixedNames,
    private readonly dropMissing: boolean,
  ) {
    this.argNameIndex = g.functions.map((f) => new Map(f.signature.input_arg.map((a, i) => [a.name, i])));
  }

  /** The node table holding raw node r (a real node table row only). */
  tableOf(r: number): NodeTable {
    const tk = this.raw.table[r]!;
    return tk === TABLE_GRAPH ? this.g.nodes : this.g.functions[tk]!.nodes;
  }

  /** Raw id of input j of raw node r (a real node table row only), or `DROPPED`. */
  resolve(r: number, j: number): number {
    const { g, raw } = this;
    const tk = raw.table[r]!;
    const table = this.tableOf(r);
    const src = table.inputSrc[j]!;
    if (tk === TABLE_GRAPH) return src >= 0 ? src : this.missingNode(inputNodeName(g, table, j), r);
    if (src >= 0) return raw.fnBodyBase[tk]! + src;
    const name = inputNodeName(g, table, j);
    const arg = this.argNameIndex[tk]!.get(name);
    if (arg !== undefined) return raw.fnArgBase[tk]! + arg;
    return this.missingNode(`${FUNCTION_LIBRARY_PREFIX}${g.functions[tk]!.name}/${name}`, r);
  }

  /** Adds the warnings about missing nodes made (or inputs dropped) so far. */
  warn(warnings: string[]): void {
    if (this.missingByName.size) warnings.push(`${this.missingByName.size} inputs name nodes that are not in the graph; they are shown as missing nodes`);
    if (this.malformedMissing) warnings.push(`${this.malformedMissing} inputs have an empty or malformed name; their missing nodes are shown as "(unnamed N)"`);
    if (this.dropped.size) warnings.push(`${this.dropped.size} inputs name nodes that are not in the graph (in a PyTorch graph: module objects read by prim::GetAttr); they are not drawn; each node's info card lists its own under "Not drawn (module objects)"`);
  }

  /** The dropped inputs with their readers as op node ids and embedding indices (`nodeId`: raw → dense). */
  droppedInputs(nodeId: Int32Array): DroppedInput[] {
    const out: DroppedInput[] = [];
    const byId = (a: number, b: number) => a - b;
    for (const [name, readers] of this.dropped) {
      const consumers: number[] = [];
      const embeddingConsumers: number[] = [];
      for (const r of new Set(readers)) {
        const id = nodeId[r]!;
        if (id >= 0) consumers.push(id);
        else embeddingConsumers.push(-1 - id);
      }
      out.push({ name, consumers: consumers.sort(byId), embeddingConsumers: embeddingConsumers.sort(byId) });
    }
    return out;
  }

  /** The missing node named `name` (made on first use), or `DROPPED`, recording `reader`. */
  private missingNode(name: string, reader: number): number {
    if (this.dropMissing) {
      const readers = this.dropped.get(name);
      if (!readers) this.dropped.set(name, [reader]);
      else if (readers[readers.length - 1] !== reader) readers.push(reader);
      return DROPPED;
    }
    let r = this.missingByName.get(name);
    if (r !== undefined) return r;
    // Named by the reference; a malformed one gets a stand-in as node names do, and one that
    // equals a stand-in given above (`a~2`, `(unnamed 1)`) gets the next free suffix.
    const generated = this.fixed.generated;
    let shown = name;
    if (isMalformedName(name)) shown = `(unnamed ${this.fixed.empty + ++this.malformedMissing})${name ? `:${name.replace(/\//g, '|')}` : ''}`;
    if (generated.has(shown)) {
      let k = 2;
      while (generated.has(`${shown}~${k}`)) k++;
      shown = `${shown}~${k}`;
    }
    generated.add(shown);
    r = this.raw.push(shown, this.raw.emptyOp, 0, TABLE_SYNTHETIC, -1, NODE_MISSING, -1);
    this.missingByName.set(name, r);
    this.side.push(NOT_EMBEDDED);
    return r;
  }
}

/** Base edges in raw ids, four ints per edge: v, w, slot, flags. */
class EdgeScratch {
  data: Int32Array;
  count = 0;

  constructor(capacity: number) {
    this.data = new Int32Array(Math.max(64, capacity));
  }

  add(v: number, w: number, slot: number, flags: number): void {
    if (v === w) return; // TensorBoard skips self-loops
    if (this.count * 4 + 4 > this.data.length) {
      const grown = new Int32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    const o = this.count * 4;
    const d = this.data;
    d[o] = v;
    d[o + 1] = w;
    d[o + 2] = flags & EDGE_CONTROL ? -1 : slot;
    d[o + 3] = flags;
    this.count++;
  }
}

function inputFlags(table: NodeTable, j: number): number {
  return (table.inputKind[j]! & INPUT_CONTROL) !== 0 ? EDGE_CONTROL : 0;
}

/**
 * The base edges into every op node of the first `rawCount` raw nodes. An input from an
 * embedding becomes edges from the embedding's own inputs instead. Returns the in-embedding
 * pairs (consumer raw, embedding raw).
 */
function collectEdges(inputs: InputResolver, scratch: EdgeScratch, ops: readonly string[], rawCount: number): number[] {
  const { raw, side } = inputs;
  const embInPairs: number[] = [];
  for (let r = 0; r < rawCount; r++) {
    if (raw.kind[r] !== NODE_OP || side[r] !== NOT_EMBEDDED) continue;
    const table = inputs.tableOf(r);
    const row = raw.row[r]!;
    const consumerOp = ops[raw.op[r]!]!;
    for (let j = table.inputStart[row]!, i = 0; j < table.inputStart[row + 1]!; j++, i++) {
      const src = inputs.resolve(r, j);
      if (src === DROPPED) continue;
      if (side[src] === NOT_EMBEDDED) {
        const flags = inputFlags(table, j);
        scratch.add(src, r, table.inputSlot[j]!, flags | (i === 0 && REF_INPUT0_OPS.has(consumerOp) && !(flags & EDGE_CONTROL) ? EDGE_REF : 0));
        continue;
      }
      // A Const becomes an annotation of this node. A Summary consumed by this node is read
      // through: either way the embedding's own inputs (a Const's control deps, a Summary's
      // data) reach this node, each with its own kind and slot (fix: TB takes the consumer's).
      if (side[src] === EMBEDDING_SIDE.in) embInPairs.push(r, src);
      rewireInputs(inputs, scratch, src, r);
    }
  }
  return embInPairs;
}

/** Adds an edge from each op-node input of embedding `emb` to raw node `r`. */
function rewireInputs(inputs: InputResolver, scratch: EdgeScratch, emb: number, r: number): void {
  const et = inputs.tableOf(emb);
  const erow = inputs.raw.row[emb]!;
  for (let k = et.inputStart[erow]!; k < et.inputStart[erow + 1]!; k++) {
    const s2 = inputs.resolve(emb, k);
    if (s2 !== DROPPED && inputs.side[s2] === NOT_EMBEDDED) scratch.add(s2, r, et.inputSlot[k]!, inputFlags(et, k));
  }
}

/** Out-embeddings attach to each node they read from: pairs (host raw, embedding raw). */
function collectOutEmbeddings(inputs: InputResolver, rawCount: number): number[] {
  const { raw, side } = inputs;
  const pairs: number[] = [];
  for (let r = 0; r < rawCount; r++) {
    if (side[r] !== EMBEDDING_SIDE.out) continue;
    const table = inputs.tableOf(r);
    const row = raw.row[r]!;
    for (let j = table.inputStart[row]!; j < table.inputStart[row + 1]!; j++) {
      const src = inputs.resolve(r, j);
      if (src !== DROPPED && side[src] === NOT_EMBEDDED) pairs.push(src, r);
    }
  }
  return pairs;
}

/** Raw id → dense id: op nodes get `0 … n−1` (raw order), embedding e gets −1 − e. */
interface DenseIds {
  nodeId: Int32Array;
  n: number;
  ne: number;
}

function denseIds(side: readonly RawSide[]): DenseIds {
  const nodeId = new Int32Array(side.length);
  let n = 0;
  let ne = 0;
  for (let r = 0; r < side.length; r++) nodeId[r] = side[r] === NOT_EMBEDDED ? n++ : -1 - ne++;
  return { nodeId, n, ne };
}

/** The op node columns of the SlimGraph. */
interface NodeColumns {
  names: string[];
  op: Int32Array;
  device: Int32Array;
  kind: Uint8Array;
  table: Int16Array;
  row: Int32Array;
  functionInputIndex: Map<number, number>;
}

function nodeColumns(raw: RawNodes, { nodeId, n }: DenseIds): NodeColumns {
  const c: NodeColumns = {
    names: new Array<string>(n),
    op: new Int32Array(n),
    device: new Int32Array(n),
    kind: new Uint8Array(n),
    table: new Int16Array(n),
    row: new Int32Array(n),
    functionInputIndex: new Map<number, number>(),
  };
  for (let r = 0; r < nodeId.length; r++) {
    const id = nodeId[r]!;
    if (id < 0) continue;
    c.names[id] = raw.names[r]!;
    c.op[id] = raw.op[r]!;
    c.device[id] = raw.device[r]!;
    c.kind[id] = raw.kind[r]!;
    c.table[id] = raw.table[r]!;
    c.row[id] = raw.row[r]!;
    if (raw.kind[r] === NODE_INPUT_ARG) c.functionInputIndex.set(id, raw.argIndex[r]!);
  }
  return c;
}

function embeddingColumns(raw: RawNodes, side: readonly RawSide[], { nodeId, ne }: DenseIds): Embeddings {
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
  for (let r = 0; r < nodeId.length; r++) {
    const id = nodeId[r]!;
    if (id >= 0) continue;
    const e = -1 - id;
    emb.names[e] = raw.names[r]!;
    emb.op[e] = raw.op[r]!;
    emb.device[e] = raw.device[r]!;
    emb.table[e] = raw.table[r]!;
    emb.row[e] = raw.row[r]!;
    emb.side[e] = side[r]!;
  }
  return emb;
}

/** Function outputs through `ret` (fix: TensorBoard only marks a body node named like the output). */
function functionOutputs(g: ColumnarGraph, raw: RawNodes, nodeId: Int32Array): Map<number, number> {
  const out = new Map<number, number>();
  g.functions.forEach((f, k) => {
    f.signature.output_arg.forEach((arg, i) => {
      const ret = f.ret[arg.name];
      if (!ret) return;
      const local = ret.split(':')[0]!;
      const rowIdx = f.nodes.names.indexOf(local);
      if (rowIdx < 0) return;
      const id = nodeId[raw.fnBodyBase[k]! + rowIdx]!;
      if (id >= 0) out.set(id, i);
    });
  });
  return out;
}

interface EdgeColumns {
  edgeCount: number;
  edgeV: Int32Array;
  edgeW: Int32Array;
  edgeSlot: Int32Array;
  edgeFlags: Uint8Array;
}

function edgeColumns(scratch: EdgeScratch, nodeId: Int32Array): EdgeColumns {
  const m = scratch.count;
  const d = scratch.data;
  const c: EdgeColumns = { edgeCount: m, edgeV: new Int32Array(m), edgeW: new Int32Array(m), edgeSlot: new Int32Array(m), edgeFlags: new Uint8Array(m) };
  for (let e = 0, o = 0; e < m; e++, o += 4) {
    c.edgeV[e] = nodeId[d[o]!]!;
    c.edgeW[e] = nodeId[d[o + 1]!]!;
    c.edgeSlot[e] = d[o + 2]!;
    c.edgeFlags[e] = d[o + 3]!;
  }
  return c;
}

/** Embedding lists per op node (CSR) from (host raw, embedding raw) pairs. */
function embeddingLists(pairs: readonly number[], { nodeId, n }: DenseIds): { start: Uint32Array; list: Int32Array } {
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
}

function edgeSizes(shapes: Shapes, edges: EdgeColumns): Float32Array {
  const size = new Float32Array(edges.edgeCount);
  for (let e = 0; e < edges.edgeCount; e++) size[e] = edges.edgeFlags[e]! & EDGE_CONTROL ? 1 : slotSize(shapes, edges.edgeV[e]!, edges.edgeSlot[e]!);
  return size;
}

/** The `_XlaCluster` of each op node, interned. */
function xlaClusters(g: ColumnarGraph, { table, row }: NodeColumns): { xla: Int32Array; xlaClusters: string[] } {
  const n = table.length;
  const index = new Map<string, number>();
  const clusters: string[] = [];
  const xla = new Int32Array(n).fill(-1);
  for (let i = 0; i < n; i++) {
    if (table[i]! < TABLE_GRAPH) continue;
    const nt = table[i] === TABLE_GRAPH ? g.nodes : g.functions[table[i]!]!.nodes;
    const range = attrRange(g, nt, row[i]!, '_XlaCluster');
    if (!range) continue;
    const s = attrString(g.bytes, range[0], range[1]);
    if (s === null) continue;
    let c = index.get(s);
    if (c === undefined) {
      c = clusters.length;
      clusters.push(s);
      index.set(s, c);
    }
    xla[i] = c;
  }
  return { xla, xlaClusters: clusters };
}

/** Op nodes whose op is a library function's name → that function's index. */
function callees(ops: readonly string[], functionNames: readonly string[], { op, kind }: NodeColumns): Map<number, number> {
  const callee = new Map<number, number>();
  if (!functionNames.length) return callee;
  const fnByName = new Map(functionNames.map((f, k) => [f, k]));
  const calleeOfOp = ops.map((o) => fnByName.get(o) ?? -1);
  for (let i = 0; i < op.length; i++) {
    const c = calleeOfOp[op[i]!]!;
    if (c >= 0 && kind[i] === NODE_OP) callee.set(i, c);
  }
  return callee;
}

/** TPU compatibility of each node of a column set (op nodes or embeddings), into `out`. */
function markCompatible(nodes: Pick<NodeColumns, 'names' | 'op' | 'device'>, ops: readonly string[], devices: readonly string[], out: Uint8Array): void {
  for (let i = 0; i < out.length; i++) out[i] = opCompatible(nodes.names[i]!, ops[nodes.op[i]!]!, devices[nodes.device[i]!]!) ? 1 : 0;
}

/**
 * Empty or malformed names, and names that repeat, get unique stand-ins (with a warning), so
 * the hierarchy stays a tree. Repeats are known from the columnar decode; a Set is only built
 * when there are some. Returns the number of `(unnamed N)` stand-ins and every stand-in made, so
 * that missing nodes (named later, by reference) continue the numbering and avoid them.
 */
/** How many `(unnamed N)` stand-ins names got, and every stand-in made. */
interface FixedNames {
  empty: number;
  generated: Set<string>;
}

function fixNames(names: string[], g: ColumnarGraph, warnings: string[]): FixedNames {
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
    if (table[i]! < TABLE_GRAPH) continue;
    const nt = table[i] === TABLE_GRAPH ? g.nodes : g.functions[table[i]!]!.nodes;
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
  return Array.from(g.shapeDims.subarray(g.dimStart[s], g.dimStart[s + 1]));
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
