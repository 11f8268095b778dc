/**
 * `loadGraph`: any TensorFlow graph source in, one GraphDef out. The content is sniffed (the name
 * only breaks ties), wrappers are unwrapped (MetaGraphDef, SavedModel, RunMetadata, model.json,
 * event files through an injected reader), large attrs are left out, and every failure is a
 * GraphFormatError that says where.
 */
import { tensorflow } from '../gen/tf.js';
import { GraphFormatError, asGraphFormatError, type FormatName } from '../errors.js';
import { parsePbtxt, parsePbtxtToWire } from '../pbtxt/parse.js';
import { encodeMessage } from '../schema/messages.js';
import { kerasModelToGraphDef } from '../tfjs/keras-graph.js';
import { scanWire } from '../wire/validate.js';
import { forEachLenField } from '../wire/reader.js';
import { DROP, rewriteMessage } from '../wire/rewrite.js';
import { modelFromJson, modelWireFromJson, parseJsonText, type KerasModelConfig, type TfjsModelInfo } from '../tfjs/model-json.js';
import { decodeColumnar } from '../columnar/decode.js';
import type { ColumnarGraph } from '../columnar/types.js';
import { DEFAULT_LIMIT_ATTR_SIZE, LARGE_ATTRS_KEY, stripLargeAttrs, type LargeAttr } from './large-attrs.js';
import { mergeGraphDefs } from './merge-graphs.js';
import { sniff, type TopMessage } from './sniff.js';

export type GraphSourceKind = 'graphdef' | 'metagraph' | 'savedmodel' | 'run-metadata' | 'tfjs-graph-model' | 'keras-model' | 'events';
export type GraphEncoding = 'binary' | 'text' | 'json' | 'tfrecord';

/** A graph or run-metadata entry found in an event file, for choosing among them. */
export interface EventGraphTag {
  /** `__run_graph__` for Event.graph_def; otherwise the summary or run-metadata tag. */
  tag: string;
  kind: 'graph_def' | 'meta_graph_def' | 'run_metadata' | 'run_metadata_graph' | 'tagged_run_metadata' | 'keras_model';
  step: number;
  /** Byte offset of the record in the file. */
  offset: number;
}

/** What an event-file reader gives back to `loadGraph` (implemented by @tbg/events). */
export interface EventGraphSelection {
  /** The chosen payload: GraphDef, MetaGraphDef, RunMetadata bytes or Keras JSON text. */
  payload: Uint8Array;
  payloadKind: 'graph_def' | 'meta_graph_def' | 'run_metadata' | 'keras_model';
  /** The chosen tag (see `tags`). */
  tag: string;
  /** Every graph and run-metadata entry of the file, in file order. */
  tags: EventGraphTag[];
  warnings: string[];
}

/** Reads event-file bytes and picks a graph (the last graph event by default, like TensorBoard). */
export type EventGraphReader = (bytes: Uint8Array, options: { name?: string; tag?: string }) => EventGraphSelection;

export interface LoadGraphOptions {
  /** File name: used in errors, and to break ties when sniffing. */
  name?: string;
  /** Which meta graph of a SavedModel: an index, or a tag such as `serve`. Default: the first. */
  metaGraph?: number | string;
  /** Attrs whose serialized value is larger than this many bytes are left out (default 1024); `null` keeps all. */
  limitAttrSize?: number | null;
  /** The attr that lists the keys left out (default `_too_large_attrs`). */
  largeAttrsKey?: string;
  /** For event files: which graph tag to load (default: the last graph event). */
  tag?: string;
  /** Reads event files; `@tbg/events` provides one. */
  eventReader?: EventGraphReader;
  /**
   * The caller gives `bytes` away (e.g. a buffer just received from another thread): loading may
   * rewrite them in place instead of copying a large graph, so they must not be used afterwards.
   */
  consumeInput?: boolean;
}

export interface MetaGraphInfo {
  index: number;
  tags: string[];
  signatures: string[];
  tensorflowVersion: string;
}

/** Everything about a graph source except the decoded graph itself. */
export interface GraphSource {
  kind: GraphSourceKind;
  encoding: GraphEncoding;
  /** The GraphDef, serialized (large attrs already left out): feed it to `decodeColumnar` or a worker. */
  graphBytes: Uint8Array;
  /** For SavedModel and MetaGraphDef inputs: each meta graph, without its graph_def (that is `graph`). */
  metaGraphs?: tensorflow.MetaGraphDef[];
  metaGraphInfo?: MetaGraphInfo[];
  /** Index of the meta graph shown. */
  metaGraphIndex?: number;
  runMetadata?: tensorflow.RunMetadata;
  keras?: KerasModelConfig;
  tfjs?: TfjsModelInfo;
  /** For event files: every graph and run-metadata tag, and the one shown. */
  eventTags?: EventGraphTag[];
  eventTag?: string;
  /** Attrs left out because of `limitAttrSize`. */
  largeAttrs: LargeAttr[];
  warnings: string[];
}

export interface LoadedGraph extends GraphSource {
  graph: tensorflow.GraphDef;
}

export interface LoadedColumnarGraph extends GraphSource {
  columnar: ColumnarGraph;
}

/** Loads any TensorFlow graph source and decodes the GraphDef fully. */
export function loadGraph(bytes: Uint8Array, options: LoadGraphOptions = {}): LoadedGraph {
  const src = loadGraphSource(bytes, options);
  const graph = decodeGraphDef(src.graphBytes, options.name);
  if (graph.node.length === 0) warnEmpty(src);
  return { ...src, graph };
}

/** Loads any graph source into the columnar form (the fast path the hierarchy uses). */
export function loadColumnarGraph(bytes: Uint8Array, options: LoadGraphOptions = {}): LoadedColumnarGraph {
  const src = loadGraphSource(bytes, options);
  const columnar = decodeColumnar(src.graphBytes, { file: options.name });
  if (columnar.nodes.count === 0) warnEmpty(src);
  return { ...src, columnar };
}

/** A graph with no nodes says so, unless its run metadata already said why. */
function warnEmpty(src: GraphSource): void {
  if (!src.runMetadata) src.warnings.push('the graph is empty (it has no nodes)');
}

function decodeGraphDef(graphBytes: Uint8Array, file?: string): tensorflow.GraphDef {
  try {
    return tensorflow.GraphDef.decode(graphBytes);
  } catch (err) {
    throw asGraphFormatError(err, 'GraphDef', { file });
  }
}

/** Sniffs, validates and unwraps a source down to GraphDef bytes, without decoding the graph. */
export function loadGraphSource(bytes: Uint8Array, options: LoadGraphOptions = {}): GraphSource {
  const file = options.name;
  const s = sniff(bytes, file);
  const warnings: string[] = [];
  let src: Omit<GraphSource, 'largeAttrs' | 'warnings'>;
  switch (s.container) {
    case 'empty':
      throw new GraphFormatError({ format: 'unknown', reason: 'the input is empty', offset: 0, file });
    case 'unknown':
      throw new GraphFormatError({ format: 'unknown', reason: s.reason, offset: 0, file });
    case 'events':
      src = fromEvents(bytes, options, warnings);
      break;
    case 'json':
      src = fromJson(bytes, options, warnings);
      break;
    case 'pbtxt':
      src = fromText(bytes, s.message, options, warnings);
      break;
    case 'binary':
      src = fromBinary(bytes, s.message, options, warnings);
      break;
  }
  const limit = options.limitAttrSize === undefined ? DEFAULT_LIMIT_ATTR_SIZE : options.limitAttrSize;
  let largeAttrs: LargeAttr[] = [];
  if (limit !== null && Number.isFinite(limit) && src.graphBytes.length > limit) {
    const stripped = stripLargeAttrs(src.graphBytes, limit, options.largeAttrsKey ?? LARGE_ATTRS_KEY, options.consumeInput === true);
    src = { ...src, graphBytes: stripped.bytes };
    largeAttrs = stripped.removed;
  }
  return { ...src, largeAttrs, warnings };
}

const FORMAT_OF: Record<TopMessage, FormatName> = {
  'tensorflow.GraphDef': 'GraphDef',
  'tensorflow.MetaGraphDef': 'MetaGraphDef',
  'tensorflow.SavedModel': 'SavedModel',
  'tensorflow.RunMetadata': 'RunMetadata',
};

/** Structural validation of a whole binary message: the only way a bad file reaches a decoder. */
function validate(bytes: Uint8Array, type: TopMessage, file?: string): void {
  const scan = scanWire(bytes, type, { checkUtf8: true });
  if (scan.issue) {
    throw new GraphFormatError({ format: FORMAT_OF[type], reason: scan.issue.reason, path: scan.issue.path, offset: scan.issue.offset, file });
  }
}

/** Byte ranges of every occurrence of length-delimited field `fieldNo` at the top of a message. */
function fieldRanges(bytes: Uint8Array, fieldNo: number, start = 0, end = bytes.length): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  forEachLenField(bytes, start, end, (no, s, e) => {
    if (no === fieldNo) out.push([s, e]);
  });
  return out;
}

/** A MetaGraphDef (at `bytes[s, e)`) decoded without its graph_def, which stays as a byte range. */
function splitMetaGraph(bytes: Uint8Array, s: number, e: number): { meta: tensorflow.MetaGraphDef; graph: Uint8Array } {
  const graphRange = fieldRanges(bytes, 2, s, e);
  const last = graphRange[graphRange.length - 1];
  const graph = last ? bytes.subarray(last[0], last[1]) : new Uint8Array(0);
  const rest = rewriteMessage(bytes, s, e, (no) => (no === 2 ? DROP : null)) ?? bytes.subarray(s, e);
  return { meta: tensorflow.MetaGraphDef.decode(rest), graph };
}

function metaInfo(meta: tensorflow.MetaGraphDef, index: number): MetaGraphInfo {
  return {
    index,
    tags: [...(meta.meta_info_def?.tags ?? [])],
    signatures: Object.keys(meta.signature_def ?? {}).sort(),
    tensorflowVersion: meta.meta_info_def?.tensorflow_version ?? '',
  };
}

function pickMetaGraph(infos: MetaGraphInfo[], want: number | string | undefined, warnings: string[], file?: string): number {
  if (infos.length === 0) throw new GraphFormatError({ format: 'SavedModel', path: 'SavedModel.meta_graphs', reason: 'the SavedModel has no meta graphs', file });
  if (typeof want === 'number') {
    if (!Number.isInteger(want) || want < 0 || want >= infos.length) {
      throw new GraphFormatError({ format: 'SavedModel', path: 'SavedModel.meta_graphs', reason: `there is no meta graph #${want} (it has ${infos.length})`, file });
    }
    return want;
  }
  if (typeof want === 'string') {
    const i = infos.findIndex((m) => m.tags.includes(want));
    if (i < 0) {
      throw new GraphFormatError({ format: 'SavedModel', path: 'SavedModel.meta_graphs', reason: `no meta graph has the tag "${want}" (tags: ${infos.map((m) => m.tags.join('+') || '(none)').join(', ')})`, file });
    }
    return i;
  }
  if (infos.length > 1) warnings.push(`the SavedModel has ${infos.length} meta graphs; showing #0 (tags: ${infos[0]!.tags.join(', ') || 'none'}); choose another with the metaGraph option`);
  return 0;
}

function fromBinary(bytes: Uint8Array, type: TopMessage, options: LoadGraphOptions, warnings: string[]): Omit<GraphSource, 'largeAttrs' | 'warnings'> {
  const file = options.name;
  validate(bytes, type, file);
  const wrap = <T>(fn: () => T): T => {
    try {
      return fn();
    } catch (err) {
      throw asGraphFormatError(err, FORMAT_OF[type], { file });
    }
  };
  switch (type) {
    case 'tensorflow.GraphDef':
      return { kind: 'graphdef', encoding: 'binary', graphBytes: bytes };
    case 'tensorflow.MetaGraphDef': {
      const { meta, graph } = wrap(() => splitMetaGraph(bytes, 0, bytes.length));
      return { kind: 'metagraph', encoding: 'binary', graphBytes: graph, metaGraphs: [meta], metaGraphInfo: [metaInfo(meta, 0)], metaGraphIndex: 0 };
    }
    case 'tensorflow.SavedModel': {
      const parts = wrap(() => fieldRanges(bytes, 2).map(([s, e]) => splitMetaGraph(bytes, s, e)));
      const infos = parts.map((p, i) => metaInfo(p.meta, i));
      const index = pickMetaGraph(infos, options.metaGraph, warnings, file);
      return { kind: 'savedmodel', encoding: 'binary', graphBytes: parts[index]!.graph, metaGraphs: parts.map((p) => p.meta), metaGraphInfo: infos, metaGraphIndex: index };
    }
    case 'tensorflow.RunMetadata':
      return fromRunMetadata(wrap(() => tensorflow.RunMetadata.decode(bytes)), 'binary', warnings);
  }
}

/** A RunMetadata's graph: its function graphs (before optimization) merged, else its partition graphs. */
export function runMetadataGraph(rm: tensorflow.RunMetadata, warnings: string[] = []): tensorflow.GraphDef {
  const fgs = (rm.function_graphs ?? []).map((f) => f.pre_optimization_graph).filter((g): g is tensorflow.GraphDef => !!g && g.node.length > 0);
  if (fgs.length) return mergeGraphDefs(fgs, warnings);
  const parts = rm.partition_graphs ?? [];
  if (parts.length) return mergeGraphDefs(parts, warnings);
  return new tensorflow.GraphDef();
}

/** How many op executions a RunMetadata's step stats time. */
function statCount(rm: tensorflow.RunMetadata): number {
  return (rm.step_stats?.dev_stats ?? []).reduce((n, d) => n + (d.node_stats?.length ?? 0), 0);
}

function fromRunMetadata(rm: tensorflow.RunMetadata, encoding: GraphEncoding, warnings: string[]): Omit<GraphSource, 'largeAttrs' | 'warnings'> {
  const graph = runMetadataGraph(rm, warnings);
  // A device list without a single timed op (what PyTorch's add_graph writes) is no statistics.
  const stats = statCount(rm) > 0 || !!rm.cost_graph?.node?.length;
  if (graph.node.length === 0) warnings.push(stats ? 'the RunMetadata holds no graph, only statistics; load the graph separately and join the stats' : 'the RunMetadata is empty: no graph and no statistics');
  return { kind: 'run-metadata', encoding, graphBytes: encodeMessage('tensorflow.GraphDef', graph), runMetadata: rm };
}

function fromText(bytes: Uint8Array, type: TopMessage, options: LoadGraphOptions, warnings: string[]): Omit<GraphSource, 'largeAttrs' | 'warnings'> {
  const parseOptions = { file: options.name, allowUnknownFields: true, warnings };
  // A GraphDef goes straight to its wire bytes: no message objects to build and encode again.
  if (type === 'tensorflow.GraphDef') return { kind: 'graphdef', encoding: 'text', graphBytes: parsePbtxtToWire(bytes, type, parseOptions) };
  const msg = parsePbtxt<Record<string, unknown>>(bytes, type, parseOptions);
  switch (type) {
    case 'tensorflow.MetaGraphDef': {
      const meta = msg as unknown as tensorflow.MetaGraphDef;
      const graphBytes = encodeMessage('tensorflow.GraphDef', meta.graph_def ?? new tensorflow.GraphDef());
      meta.graph_def = null;
      return { kind: 'metagraph', encoding: 'text', graphBytes, metaGraphs: [meta], metaGraphInfo: [metaInfo(meta, 0)], metaGraphIndex: 0 };
    }
    case 'tensorflow.SavedModel': {
      const metas = (msg as unknown as tensorflow.SavedModel).meta_graphs;
      const infos = metas.map((m, i) => metaInfo(m, i));
      const index = pickMetaGraph(infos, options.metaGraph, warnings, options.name);
      const graphBytes = encodeMessage('tensorflow.GraphDef', metas[index]!.graph_def ?? new tensorflow.GraphDef());
      for (const m of metas) m.graph_def = null;
      return { kind: 'savedmodel', encoding: 'text', graphBytes, metaGraphs: metas, metaGraphInfo: infos, metaGraphIndex: index };
    }
    case 'tensorflow.RunMetadata':
      return fromRunMetadata(msg as unknown as tensorflow.RunMetadata, 'text', warnings);
  }
}

/**
 * A Keras model config has no op graph: what is shown is its conceptual graph, one node per
 * layer. In an event file the op graph, when written, is another entry.
 */
function kerasNote(k: KerasModelConfig, inEvents = false): string {
  const kind = k.className === 'Model' || k.className === 'Functional' ? 'functional' : k.className;
  const where = inEvents ? 'the op graph, where the file has one, is its graph entry' : 'a Keras model.json holds no op graph';
  return `a Keras ${kind} model (${k.layerCount} layers): shown as its conceptual graph, one node per layer (${where})`;
}

const conceptualGraph = (k: KerasModelConfig) => encodeMessage('tensorflow.GraphDef', kerasModelToGraphDef(k));

function fromJson(bytes: Uint8Array, options: LoadGraphOptions, warnings: string[]): Omit<GraphSource, 'largeAttrs' | 'warnings'> {
  const json = parseJsonText(bytes, 'TF.js model.json', options.name);
  const m = modelWireFromJson(json, { file: options.name, warnings });
  if (m.kind === 'keras-model') {
    warnings.push(kerasNote(m.keras));
    return { kind: 'keras-model', encoding: 'json', graphBytes: conceptualGraph(m.keras), keras: m.keras, ...(m.tfjs ? { tfjs: m.tfjs } : {}) };
  }
  return { kind: 'tfjs-graph-model', encoding: 'json', graphBytes: m.graphBytes, tfjs: m.tfjs };
}

/** A graph_def or meta_graph_def entry's graph (and meta graph). */
function fromGraphEntry(sel: EventGraphSelection, where: string): Pick<GraphSource, 'graphBytes' | 'metaGraphs' | 'metaGraphInfo' | 'metaGraphIndex'> {
  if (sel.payloadKind === 'graph_def') {
    validate(sel.payload, 'tensorflow.GraphDef', where);
    return { graphBytes: sel.payload };
  }
  validate(sel.payload, 'tensorflow.MetaGraphDef', where);
  const { meta, graph } = splitMetaGraph(sel.payload, 0, sel.payload.length);
  return { graphBytes: graph, metaGraphs: [meta], metaGraphInfo: [metaInfo(meta, 0)], metaGraphIndex: 0 };
}

/** The run's own graph entry (`__run_graph__`, else the last graph or meta graph), read; null when the file has none. */
function runGraphEntry(bytes: Uint8Array, sel: EventGraphSelection, options: LoadGraphOptions): EventGraphSelection | null {
  const graphs = sel.tags.filter((t) => t.kind === 'graph_def' || t.kind === 'meta_graph_def');
  const tag = graphs.find((t) => t.tag === '__run_graph__') ?? graphs.at(-1);
  if (!tag || !options.eventReader) return null;
  const run = options.eventReader(bytes, { ...(options.name === undefined ? {} : { name: options.name }), tag: tag.tag });
  return run.payloadKind === 'graph_def' || run.payloadKind === 'meta_graph_def' ? run : null;
}

function fromEvents(bytes: Uint8Array, options: LoadGraphOptions, warnings: string[]): Omit<GraphSource, 'largeAttrs' | 'warnings'> {
  if (!options.eventReader) {
    throw new GraphFormatError({
      format: 'event file',
      reason: 'this is a TensorFlow event file; read it with loadGraphFromEvents from @tbg/events, or pass its reader as the eventReader option',
      offset: 0,
      file: options.name,
    });
  }
  const sel = options.eventReader(bytes, { ...(options.name === undefined ? {} : { name: options.name }), ...(options.tag === undefined ? {} : { tag: options.tag }) });
  warnings.push(...sel.warnings);
  const common = { kind: 'events' as const, encoding: 'tfrecord' as const, eventTags: sel.tags, eventTag: sel.tag };
  const where = `${options.name ?? 'event file'} (tag ${sel.tag})`;
  switch (sel.payloadKind) {
    case 'graph_def':
    case 'meta_graph_def':
      return { ...common, ...fromGraphEntry(sel, where) };
    case 'run_metadata': {
      validate(sel.payload, 'tensorflow.RunMetadata', where);
      const rm = tensorflow.RunMetadata.decode(sel.payload);
      // As TensorBoard does, a run-metadata tag without a graph shows the run's graph (its stats belong to it).
      const run = runMetadataGraph(rm).node.length === 0 ? runGraphEntry(bytes, sel, options) : null;
      if (run) {
        const n = statCount(rm);
        warnings.push(`tag "${sel.tag}" holds ${n ? `run statistics (${n} op executions)` : 'no statistics'} and no graph: showing the run's graph (tag "${run.tag}")`);
        return { ...common, ...fromGraphEntry(run, `${options.name ?? 'event file'} (tag ${run.tag})`), runMetadata: rm };
      }
      const r = fromRunMetadata(rm, 'tfrecord', warnings);
      return { ...common, graphBytes: r.graphBytes, runMetadata: rm };
    }
    case 'keras_model': {
      const m = modelFromJson(parseJsonText(sel.payload, 'Keras model JSON', where), { file: where, warnings });
      if (m.kind !== 'keras-model') return { ...common, graphBytes: encodeMessage('tensorflow.GraphDef', m.graph) };
      warnings.push(kerasNote(m.keras, true));
      return { ...common, graphBytes: conceptualGraph(m.keras), keras: m.keras };
    }
  }
}
