/**
 * `dumpHierarchy`: one JSON object with everything the hierarchy built, every group expanded
 * (../shared/docs/hierarchy-dump.md), named as TensorBoard names things, so a dump can be
 * compared line by line with TensorBoard's structures. Every list of names is sorted.
 */
import { loadColumnarGraph, type ColumnarGraph, type EventGraphReader } from '@tbg/proto';
import { buildSlimGraph, EDGE_CONTROL, EDGE_REF, NODE_MISSING, type BuildParams } from '../graph/slim-graph.js';
import { buildHierarchy, nameOf, ROOT_NAME } from '../hierarchy/build.js';
import { histograms } from '../hierarchy/histograms.js';
import { GROUP_META, GROUP_SERIES, type Hierarchy, type HierarchyParams } from '../hierarchy/types.js';
import { RenderModel } from '../render/render-model.js';
import type { Annotation, RenderOptions } from '../render/types.js';
import { computeTemplates } from '../templates/templates.js';

export interface HierarchyDump {
  graph: { rawNodes: number; opNodes: number; baseEdges: number; controlBaseEdges: number; refBaseEdges: number; missingNodes: number; embeddings: number };
  /**
   * Inputs that name no node and are not drawn (`SlimGraph.droppedInputs`; PyTorch graphs),
   * sorted by name, each with the ops and embeddings that read it (final names, sorted). Present
   * only when there are some.
   */
  droppedInputs?: Array<{ name: string; consumers: string[] }>;
  metanodes: Array<{ name: string; depth: number; cardinality: number; children: string[]; opHistogram: Record<string, number> }>;
  series: Array<{ name: string; parent: string; op: string; count: number; connected: boolean; members: string[] }>;
  opParent: Record<string, string>;
  templates: string[][];
  render: {
    groups: Record<
      string,
      {
        core: string[];
        inExtract: string[];
        outExtract: string[];
        library: string[];
        annotations: Record<string, { in: string[]; out: string[] }>;
      }
    >;
  };
}

export interface DumpOptions {
  /** File name (for sniffing and errors) when dumping bytes. */
  name?: string;
  /** Reads event files (e.g. `eventGraphReader` from @tbg/events). */
  eventReader?: EventGraphReader;
  build?: Partial<BuildParams>;
  hierarchy?: Partial<HierarchyParams>;
  render?: Partial<RenderOptions>;
}

const sorted = (xs: Iterable<string>) => [...xs].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

/** Bytes of any graph format `loadGraph` accepts, a ColumnarGraph, or a built Hierarchy. */
export function dumpHierarchy(input: Uint8Array | ColumnarGraph | Hierarchy, options: DumpOptions = {}): HierarchyDump {
  const h = hierarchyOf(input, options);
  const { metanodes, series } = groupLists(h);
  const opParent: Record<string, string> = {};
  for (const i of sortedIndices(h.names)) opParent[h.names[i]!] = nameOf(h, h.parent[i]!);
  const templates = computeTemplates(h)
    .clusters.map((c) => sorted(c.groups.map((gid) => h.groups[gid]!.name)))
    .sort((a, b) => (a[0]! < b[0]! ? -1 : 1));
  const droppedInputs = droppedInputList(h);
  return {
    graph: graphCounts(h),
    ...(droppedInputs.length ? { droppedInputs } : {}),
    metanodes,
    series,
    opParent,
    templates,
    render: { groups: renderAll(h, options.render) },
  };
}

function hierarchyOf(input: Uint8Array | ColumnarGraph | Hierarchy, options: DumpOptions): Hierarchy {
  if ('groups' in input && 'metaedges' in input) return input;
  const columnar =
    input instanceof Uint8Array
      ? loadColumnarGraph(input, { ...(options.name === undefined ? {} : { name: options.name }), ...(options.eventReader ? { eventReader: options.eventReader } : {}) }).columnar
      : input;
  return buildHierarchy(buildSlimGraph(columnar, options.build), options.hierarchy);
}

function graphCounts(h: Hierarchy): HierarchyDump['graph'] {
  const g = h.graph;
  let control = 0;
  let ref = 0;
  for (let e = 0; e < g.edgeCount; e++) {
    if (g.edgeFlags[e]! & EDGE_CONTROL) control++;
    if (g.edgeFlags[e]! & EDGE_REF) ref++;
  }
  let missing = 0;
  for (let i = 0; i < h.n; i++) if (g.kind[i] === NODE_MISSING) missing++;
  return {
    rawNodes: g.source.nodes.count,
    opNodes: h.n - missing,
    baseEdges: g.edgeCount,
    controlBaseEdges: control,
    refBaseEdges: ref,
    missingNodes: missing,
    embeddings: g.embeddings.count,
  };
}

/** The dropped inputs by name, each with its readers' final names. */
function droppedInputList(h: Hierarchy): NonNullable<HierarchyDump['droppedInputs']> {
  return h.graph.droppedInputs
    .map((d) => ({ name: d.name, consumers: sorted([...d.consumers.map((i) => h.names[i]!), ...d.embeddingConsumers.map((e) => h.embeddingNames[e]!)]) }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** Metanodes and series, each sorted by name. */
function groupLists(h: Hierarchy): Pick<HierarchyDump, 'metanodes' | 'series'> {
  const metanodes: HierarchyDump['metanodes'] = [];
  const series: HierarchyDump['series'] = [];
  for (const grp of h.groups) {
    const children = sorted(grp.children.map((c) => nameOf(h, c)));
    if (grp.kind === GROUP_META) {
      metanodes.push({ name: grp.name, depth: grp.depth, cardinality: grp.cardinality, children, opHistogram: sortedRecord(histograms(h, h.n + grp.id).op) });
    } else if (grp.kind === GROUP_SERIES) {
      series.push({
        name: grp.name,
        parent: nameOf(h, grp.parent),
        op: grp.series && grp.series.op >= 0 ? h.graph.ops[grp.series.op]! : '',
        count: grp.children.length,
        connected: grp.hasNonControlEdges,
        members: children,
      });
    }
  }
  metanodes.sort((a, b) => (a.name < b.name ? -1 : 1));
  series.sort((a, b) => (a.name < b.name ? -1 : 1));
  return { metanodes, series };
}

/** Render: every group expanded, top-down; keyed by name, in name order. */
function renderAll(h: Hierarchy, options: Partial<RenderOptions> | undefined): HierarchyDump['render']['groups'] {
  const n = h.n;
  const model = new RenderModel(h, options);
  const groups: HierarchyDump['render']['groups'] = {};
  const order: number[] = [n];
  for (let k = 0; k < order.length; k++) {
    const r = order[k]!;
    const rg = model.group(r);
    const annotations: Record<string, { in: string[]; out: string[] }> = {};
    for (const c of sortedRefs(h, [...rg.annotations.keys()])) {
      const a = rg.annotations.get(c)!;
      annotations[nameOf(h, c)] = { in: sorted(a.in.map(label)), out: sorted(a.out.map(label)) };
    }
    groups[r === n ? ROOT_NAME : nameOf(h, r)] = {
      core: sorted(rg.core.map((c) => nameOf(h, c))),
      inExtract: sorted(rg.inExtract.map((c) => nameOf(h, c))),
      outExtract: sorted(rg.outExtract.map((c) => nameOf(h, c))),
      library: sorted(rg.library.map((c) => nameOf(h, c))),
      annotations,
    };
    for (const c of h.groups[r - n]!.children) if (c >= n) order.push(c);
  }
  const sortedGroups: HierarchyDump['render']['groups'] = {};
  for (const k of sorted(Object.keys(groups))) sortedGroups[k] = groups[k]!;
  return sortedGroups;
}

/** `S:` shortcut, `C:` constant, `U:` summary, `E:` ellipsis, as hierarchy-dump.md specifies. */
function label(a: Annotation): string {
  switch (a.type) {
    case 'shortcut':
      return `S:${a.name}`;
    case 'constant':
      return `C:${a.name}`;
    case 'summary':
      return `U:${a.name}`;
    case 'ellipsis':
      return `E:${a.name}`;
  }
}

function sortedRecord(r: Record<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const k of sorted(Object.keys(r))) out[k] = r[k]!;
  return out;
}

function sortedIndices(names: string[]): number[] {
  return names.map((_, i) => i).sort((a, b) => (names[a]! < names[b]! ? -1 : names[a]! > names[b]! ? 1 : 0));
}

function sortedRefs(h: Hierarchy, refs: number[]): number[] {
  return refs.slice().sort((a, b) => (nameOf(h, a) < nameOf(h, b) ? -1 : 1));
}

