/**
 * `nodeInfo` / `embeddingInfo`: everything TensorBoard's node info card shows about one node
 * (tensorboard-graph.md §11.1), as plain data: header (name, kind, op, device, XLA cluster),
 * attributes, inputs and outputs, and for groups what is below. Computed on demand from the
 * hierarchy, in time linear in the edges touching the node (a group: touching its ops).
 */
import type { NodeTable } from '@tbg/proto';
import { HierarchyError } from '../errors.js';
import { EMBEDDING_SIDE, NODE_KIND, TABLE_GRAPH, type NodeKindCode, type SlimGraph } from '../graph/slim-graph.js';
import type { Hierarchy, NodeRef } from '../hierarchy/types.js';
import { groupSummary } from './group-summary.js';
import { functionOf, seriesOf } from './membership.js';
import { DEFAULT_MAX_VALUE_CHARS, nodeAttributes, xlaClusterOf } from './node-attributes.js';
import { embeddingHostLinks, groupLinks, opLinks, type NodeLinks } from './node-links.js';
import { embeddingShapeTexts, outputShapeTexts } from './shape-text.js';
import type { NodeInfo, NodeInfoKind, NodeInfoOptions } from './types.js';

const DEFAULT_MAX_LINKS = 500;

const OP_KINDS: Record<NodeKindCode, NodeInfoKind> = {
  [NODE_KIND.op]: 'op',
  [NODE_KIND.missing]: 'missing',
  [NODE_KIND.inputArg]: 'inputArg',
  [NODE_KIND.function]: 'function',
};

type Options = Required<NodeInfoOptions>;

function withDefaults(o: NodeInfoOptions): Options {
  return {
    maxValueChars: o.maxValueChars ?? DEFAULT_MAX_VALUE_CHARS,
    maxLinks: o.maxLinks ?? DEFAULT_MAX_LINKS,
    outputShapesAttr: o.outputShapesAttr ?? false,
  };
}

/** The info card of an op, metanode or series. Throws a HierarchyError for a NodeRef outside the graph. */
export function nodeInfo(h: Hierarchy, ref: NodeRef, options: NodeInfoOptions = {}): NodeInfo {
  const total = h.n + h.groups.length;
  if (!Number.isInteger(ref) || ref < 0 || ref >= total) throw new HierarchyError(`${String(ref)} is not a NodeRef of this graph (0…${total - 1})`);
  const o = withDefaults(options);
  return ref < h.n ? opInfo(h, ref, o) : groupInfo(h, ref, o);
}

/** The info card of a Const or Summary shown as an annotation (index into `graph.embeddings`). */
export function embeddingInfo(h: Hierarchy, embedding: number, options: NodeInfoOptions = {}): NodeInfo {
  const g = h.graph;
  const e = embedding;
  if (!Number.isInteger(e) || e < 0 || e >= g.embeddings.count) throw new HierarchyError(`${String(e)} is not an embedding of this graph (it has ${g.embeddings.count})`);
  const o = withDefaults(options);
  const emb = g.embeddings;
  const nodes = nodeTable(g, emb.table[e]!);
  const links = embeddingHostLinks(h, e);
  const host = (links.inputs[0] ?? links.outputs[0])?.ref ?? -1;
  return {
    ref: -1,
    embedding: e,
    name: h.embeddingNames[e]!,
    kind: emb.side[e] === EMBEDDING_SIDE.in ? 'constant' : 'summary',
    parent: host >= 0 ? h.parent[host]! : -1,
    op: g.ops[emb.op[e]!]!,
    device: g.devices[emb.device[e]!] ?? '',
    xlaCluster: nodes ? xlaClusterOf(g.source, nodes, emb.row[e]!) : '',
    attributes: nodes ? nodeAttributes(g.source, nodes, emb.row[e]!, o.maxValueChars, o.outputShapesAttr) : [],
    outputShapes: embeddingShapeTexts(g, e),
    ...capLinks(links, o.maxLinks),
    droppedInputs: g.droppedInputs.filter((d) => d.embeddingConsumers.includes(e)).map((d) => d.name),
    series: null,
    function: null,
    group: null,
  };
}

function opInfo(h: Hierarchy, i: NodeRef, o: Options): NodeInfo {
  const g = h.graph;
  const nodes = nodeTable(g, g.table[i]!);
  return {
    ref: i,
    embedding: -1,
    name: h.names[i]!,
    kind: OP_KINDS[g.kind[i] as NodeKindCode],
    parent: h.parent[i]!,
    op: g.ops[g.op[i]!]!,
    device: g.devices[g.device[i]!] ?? '',
    xlaCluster: g.xla[i]! >= 0 ? g.xlaClusters[g.xla[i]!]! : '',
    attributes: nodes ? nodeAttributes(g.source, nodes, g.row[i]!, o.maxValueChars, o.outputShapesAttr) : [],
    outputShapes: outputShapeTexts(g, i),
    ...capLinks(opLinks(h, i), o.maxLinks),
    droppedInputs: g.droppedInputs.filter((d) => d.consumers.includes(i)).map((d) => d.name),
    series: seriesOf(h, i),
    function: functionOf(h, i),
    group: null,
  };
}

function groupInfo(h: Hierarchy, ref: NodeRef, o: Options): NodeInfo {
  const grp = h.groups[ref - h.n]!;
  return {
    ref,
    embedding: -1,
    name: grp.name,
    kind: grp.kind,
    parent: grp.parent,
    op: '',
    device: '',
    xlaCluster: '',
    attributes: [],
    outputShapes: [],
    ...capLinks(groupLinks(h, ref), o.maxLinks),
    droppedInputs: [],
    series: seriesOf(h, ref),
    function: functionOf(h, ref),
    group: groupSummary(h, ref),
  };
}

/** The NodeDef table a node's row is in: the graph's, a library function's, or none (made by the build). */
function nodeTable(g: SlimGraph, table: number): NodeTable | null {
  if (table === TABLE_GRAPH) return g.source.nodes;
  return table >= 0 ? (g.source.functions[table]?.nodes ?? null) : null;
}

function capLinks(links: NodeLinks, max: number): Pick<NodeInfo, 'inputs' | 'outputs' | 'moreInputs' | 'moreOutputs'> {
  return {
    inputs: links.inputs.slice(0, max),
    outputs: links.outputs.slice(0, max),
    moreInputs: Math.max(0, links.inputs.length - max),
    moreOutputs: Math.max(0, links.outputs.length - max),
  };
}
