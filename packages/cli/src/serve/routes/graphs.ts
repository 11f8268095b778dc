/**
 * The graphs plugin (`graphs_plugin.py`), serving graphs for `<tf-graph>` to decode itself:
 * - `/info` → `{run: {run, run_graph, tags: {tag: {tag, conceptual_graph, op_graph, profile}}}}`;
 * - `/graph?run=R[&tag=T][&conceptual=true][&limit_attr_size=N&large_attrs_key=K]` → a GraphDef:
 *   the run's graph (for a run with only a meta graph, its graph_def) or the merged function
 *   graphs of a tag's RunMetadata. Large attrs are left out only when asked. With
 *   `conceptual=true`: the tag's Keras model config as its conceptual graph, one node per layer
 *   (`kerasModelToGraphDef` of @tbg/proto), as TensorBoard converts it. The `X-Tbg-Graph-Format`
 *   header says which it is.
 * - `/run_metadata?run=&tag=` → the tag's RunMetadata.
 * As TensorBoard, in the protobuf text format (`text/x-protobuf`), so that scripts written for it
 * keep working; `&format=binary` gives the binary message, smaller and what the board asks for.
 */
import { RUN_GRAPH_TAG, RUN_META_GRAPH_TAG, type TimeSeries } from '@tbg/events';
import { loadGraphSource, printPbtxt, runMetadataGraph, tensorflow } from '@tbg/proto';
import { jsonReply } from '../json-body.js';
import { invalidArgument, notFound, pyRepr, readingLogdirData, type Reply } from '../reply.js';
import type { ApiRequest, Handler } from '../router.js';
import { runTag, seriesFor, type RouteContext } from './context.js';

const GRAPH_PLUGINS = ['graphs', 'meta_graph', 'graph_run_metadata', 'graph_run_metadata_graph', 'graph_keras_model', 'graph_tagged_run_metadata'];
const VERSIONED = new Set(['graph_run_metadata', 'graph_run_metadata_graph', 'graph_keras_model']);
/** Flags per sub-plugin (graphs/README: `tensorboard-graph.md` §2.2). */
const FLAGS: Record<string, Array<'op_graph' | 'profile' | 'conceptual_graph'>> = {
  graph_run_metadata_graph: ['op_graph'],
  graph_run_metadata: ['op_graph', 'profile'],
  graph_keras_model: ['conceptual_graph'],
  graph_tagged_run_metadata: ['profile'],
};

interface RunInfo {
  run: string;
  run_graph: boolean;
  tags: Record<string, { tag: string; conceptual_graph: boolean; op_graph: boolean; profile: boolean }>;
}

/** TensorBoard only takes sub-plugin content b"1" (else "unrecognizable version"). */
function versionOk(s: TimeSeries): boolean {
  return !VERSIONED.has(s.metadata.plugin) || (s.metadata.content.length === 1 && s.metadata.content[0] === 0x31);
}

function info(ctx: RouteContext): Reply {
  const out: Record<string, RunInfo> = {};
  for (const { run, series } of ctx.source.seriesOf(GRAPH_PLUGINS)) {
    const item: RunInfo = { run, run_graph: false, tags: {} };
    for (const s of series.filter(versionOk)) {
      if (s.tag === RUN_GRAPH_TAG || s.tag === RUN_META_GRAPH_TAG) {
        item.run_graph = true;
        continue;
      }
      const flags = FLAGS[s.metadata.plugin];
      if (!flags) continue;
      const t = (item.tags[s.tag] ??= { tag: s.tag, conceptual_graph: false, op_graph: false, profile: false });
      for (const f of flags) t[f] = true;
    }
    if (item.run_graph || Object.keys(item.tags).length) out[run] = item;
  }
  return jsonReply(out);
}

/** The newest blob of (run, tag) among `plugins`, in that order of preference. */
function lastBlob(ctx: RouteContext, run: string, tag: string, plugins: readonly string[]): Uint8Array | undefined {
  for (const plugin of plugins) {
    const s = seriesFor(ctx, run, tag, [plugin]);
    if (!s || !versionOk(s)) continue;
    const p = s.points.last();
    if (p?.data.kind === 'blob' && p.data.blobs[0]) return p.data.blobs[0];
  }
  return undefined;
}

/** A message as the request asks for it: protobuf text (TensorBoard's), or binary with `format=binary`. */
function messageReply(req: ApiRequest, bytes: Uint8Array, typeName: 'tensorflow.GraphDef' | 'tensorflow.RunMetadata', format: string): Reply {
  const headers = { 'X-Tbg-Graph-Format': format };
  if (req.query.get('format') === 'binary') return { status: 200, type: 'application/x-protobuf', body: bytes, headers };
  const text = readingLogdirData(`the ${format} as text`, () => printPbtxt(typeName === 'tensorflow.GraphDef' ? tensorflow.GraphDef.decode(bytes) : tensorflow.RunMetadata.decode(bytes), typeName));
  return { status: 200, type: 'text/x-protobuf', body: new TextEncoder().encode(text), headers };
}

function encodeGraph(g: tensorflow.GraphDef): Uint8Array {
  return tensorflow.GraphDef.encode(g).finish();
}

function kerasModel(ctx: RouteContext, req: ApiRequest, run: string, tag: string | null): Reply {
  const json = tag === null ? undefined : lastBlob(ctx, run, tag, ['graph_keras_model']);
  if (!json) throw notFound(`No Keras model for run=${pyRepr(run)}, tag=${pyRepr(tag)}`);
  // loadGraphSource reads a Keras model config as its conceptual graph (and words a bad one).
  const body = readingLogdirData(`the Keras model of run=${pyRepr(run)}, tag=${pyRepr(tag)}`, () => loadGraphSource(json, { name: `${run} (tag ${tag})` }).graphBytes);
  return messageReply(req, body, 'tensorflow.GraphDef', 'keras_conceptual_graph');
}

/** The GraphDef bytes the request names, before any attr filtering. */
function graphBytes(ctx: RouteContext, run: string, tag: string | null): Uint8Array {
  if (tag !== null && tag !== RUN_GRAPH_TAG) {
    const rm = lastBlob(ctx, run, tag, ['graph_run_metadata', 'graph_run_metadata_graph']);
    if (!rm) throw notFound(`No run metadata with a graph for run=${pyRepr(run)}, tag=${pyRepr(tag)}`);
    return readingLogdirData(`the run metadata of run=${pyRepr(run)}, tag=${pyRepr(tag)}`, () => encodeGraph(runMetadataGraph(tensorflow.RunMetadata.decode(rm))));
  }
  const graph = lastBlob(ctx, run, RUN_GRAPH_TAG, ['graphs']);
  if (graph) return graph;
  const meta = lastBlob(ctx, run, RUN_META_GRAPH_TAG, ['meta_graph']);
  if (meta) return readingLogdirData(`the meta graph of run=${pyRepr(run)}`, () => encodeGraph(tensorflow.MetaGraphDef.decode(meta).graph_def ?? tensorflow.GraphDef.create()));
  throw notFound(`No graph for run=${pyRepr(run)}`);
}

function graph(ctx: RouteContext, req: ApiRequest): Reply {
  const { run, tag } = runTag(req);
  if (run === null) throw invalidArgument('run must be specified');
  const limitRaw = req.query.get('limit_attr_size');
  if (limitRaw !== null && !/^\d+$/.test(limitRaw)) throw invalidArgument(`limit_attr_size must be an integer, got ${pyRepr(limitRaw)}`);
  if (!ctx.source.run(run)) throw notFound(`No run ${pyRepr(run)}`);
  if (req.query.get('conceptual') === 'true') return kerasModel(ctx, req, run, tag);
  let bytes = graphBytes(ctx, run, tag);
  if (limitRaw !== null) {
    const largeAttrsKey = req.query.get('large_attrs_key') ?? undefined;
    const source = bytes;
    bytes = readingLogdirData(`the graph of run=${pyRepr(run)}`, () => loadGraphSource(source, { name: run, limitAttrSize: Number(limitRaw), largeAttrsKey }).graphBytes);
  }
  return messageReply(req, bytes, 'tensorflow.GraphDef', 'graphdef');
}

function runMetadata(ctx: RouteContext, req: ApiRequest): Reply {
  const { run, tag } = runTag(req);
  if (run === null || tag === null) throw invalidArgument('Both run and tag must be specified');
  const rm = lastBlob(ctx, run, tag, ['graph_tagged_run_metadata', 'graph_run_metadata']);
  if (!rm) throw notFound(`No run metadata for run=${pyRepr(run)}, tag=${pyRepr(tag)}`);
  return messageReply(req, rm, 'tensorflow.RunMetadata', 'run_metadata');
}

export function graphRoutes(ctx: RouteContext): Record<string, Handler> {
  return { info: () => info(ctx), graph: (req) => graph(ctx, req), run_metadata: (req) => runMetadata(ctx, req) };
}

export const GRAPH_DATA_PLUGINS = GRAPH_PLUGINS;
