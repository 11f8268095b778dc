/**
 * Series: sequential motifs like `Add_1 … Add_9` collapse into one node (tensorboard-graph.md
 * §5.2). TensorBoard's rule by default: among a metanode's direct op children with the same op,
 * the leaf must match `^(\D*)(\d+)$` (no match: the whole leaf is the prefix, id 0), runs of
 * consecutive ids of length ≥ 2 are series, and a series is grouped when it has at least
 * `seriesNodeMinSize` members. The generalized option also allows digits in the prefix
 * (`conv2d_1 …`) and groups series of scopes (`layer_1 … layer_12`) of the same shape.
 */
import type { SlimGraph } from '../graph/slim-graph.js';
import { GROUP_META, GROUP_SERIES, type Group, type HierarchyParams, type NodeRef, type UngroupedSeries } from './types.js';

const TB_LEAF = /^(\D*)(\d+)$/;
const GENERAL_LEAF = /^(.*?)(\d+)$/;

interface Candidate {
  prefix: string;
  suffix: string;
  id: number;
  ref: NodeRef;
}

/** TensorBoard's series name: `parent/prefix[first-last]suffix`. */
export function seriesName(parentName: string, prefix: string, suffix: string, first: number, last: number): string {
  return `${parentName ? `${parentName}/` : ''}${prefix}[${first}-${last}]${suffix}`;
}

/** Groups the series of every metanode; returns the series found but left ungrouped. */
export function groupAllSeries(
  graph: SlimGraph,
  names: string[],
  parent: Int32Array,
  groups: Group[],
  groupByName: Map<string, number>,
  p: HierarchyParams,
): UngroupedSeries[] {
  const n = graph.n;
  const ungrouped: UngroupedSeries[] = [];
  const metaCount = groups.length;
  for (let g = 0; g < metaCount; g++) {
    const grp = groups[g]!;
    if (grp.kind !== GROUP_META) continue;
    const parentName = g === 0 ? '' : grp.name;
    // Cluster direct children: ops by op type, scopes (generalized only) by a shape key.
    const clusters = new Map<string, NodeRef[]>();
    for (const c of grp.children) {
      let key: string;
      if (c < n) key = `o${graph.op[c]}`;
      else if (p.generalizedSeries && groups[c - n]!.kind === GROUP_META) {
        const cg = groups[c - n]!;
        key = `g${cg.depth}|${cg.cardinality}|${cg.children.length}`;
      } else continue;
      let list = clusters.get(key);
      if (!list) clusters.set(key, (list = []));
      list.push(c);
    }
    for (const [key, members] of clusters) {
      if (members.length < 2) continue;
      const ofGroups = key[0] === 'g';
      const byPrefix = new Map<string, Candidate[]>();
      for (const ref of members) {
        const name = ref < n ? names[ref]! : groups[ref - n]!.name;
        const leaf = name.slice(name.lastIndexOf('/') + 1);
        const m = (p.generalizedSeries ? GENERAL_LEAF : TB_LEAF).exec(leaf);
        const cand: Candidate = m ? { prefix: m[1]!, suffix: '', id: Number(m[2]!), ref } : { prefix: leaf, suffix: '', id: 0, ref };
        const k = `${cand.prefix}\u0000${cand.suffix}`;
        let list = byPrefix.get(k);
        if (!list) byPrefix.set(k, (list = []));
        list.push(cand);
      }
      for (const cands of byPrefix.values()) {
        if (cands.length < 2) continue;
        cands.sort((a, b) => a.id - b.id);
        let run: Candidate[] = [cands[0]!];
        const flush = () => {
          if (run.length > 1) makeSeries(run, g, parentName, ofGroups);
        };
        for (let i = 1; i < cands.length; i++) {
          if (cands[i]!.id === run[run.length - 1]!.id + 1) run.push(cands[i]!);
          else {
            flush();
            run = [cands[i]!];
          }
        }
        flush();
      }
    }
  }
  return ungrouped;

  function makeSeries(run: Candidate[], g: number, parentName: string, ofGroups: boolean): void {
    const first = run[0]!;
    const last = run[run.length - 1]!;
    const name = seriesName(parentName, first.prefix, first.suffix, first.id, last.id);
    const override = p.seriesOverrides.get(name);
    const members = run.map((c) => c.ref);
    const group = override === 'group' || (override !== 'ungroup' && p.groupSeries && run.length >= p.seriesNodeMinSize);
    if (!group || groupByName.has(name)) {
      ungrouped.push({ name, parent: n + g, members });
      return;
    }
    const id = groups.length;
    const sg: Group = {
      id,
      name,
      kind: GROUP_SERIES,
      parent: n + g,
      children: members,
      depth: 1,
      cardinality: 0,
      associatedFunction: -1,
      hasNonControlEdges: false,
      opStart: 0,
      opEnd: 0,
      series: { op: first.ref < n ? graph.op[first.ref]! : -1, prefix: first.prefix, suffix: first.suffix, first: first.id, last: last.id, ofGroups },
    };
    groups.push(sg);
    groupByName.set(name, id);
    // The series takes the place of its first member among the parent's children.
    const memberSet = new Set(members);
    const parentGroup = groups[g]!;
    const kids: NodeRef[] = [];
    let placed = false;
    for (const c of parentGroup.children) {
      if (!memberSet.has(c)) kids.push(c);
      else if (!placed) {
        kids.push(n + id);
        placed = true;
      }
    }
    parentGroup.children = kids;
    for (const m of members) {
      if (m < n) parent[m] = n + id;
      else groups[m - n]!.parent = n + id;
    }
  }
}
