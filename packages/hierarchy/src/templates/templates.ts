/**
 * Structural templates: "same structure → same colour" (tensorboard-graph.md §6).
 *
 * TensorBoard groups metanodes by a signature (depth, |V|, |E|, op histogram) and then compares
 * candidates pairwise with `isSimilarSubgraph`, which is O(clusters·nodes·(V+E)) and switched off
 * above 10k nodes. Here every group gets a canonical structure hash instead, bottom-up, in one
 * linear pass (well under 100 ms at 100k nodes), and groups with equal hashes form a template.
 *
 * The hash of a group is built from:
 * - its kind, depth, cardinality, number of direct children and of metaedges;
 * - the multiset of its direct children's labels: an op child is labelled by its op string; a
 *   series child by the series' op, member count and connectedness (plus the multiset of member
 *   hashes for a series of scopes); a metanode child by its own structure hash;
 * - one round of neighbourhood refinement: each child's label is combined with the multisets of
 *   (label, control-only) of its successors and of its predecessors inside the group;
 * - the multiset of the group's metaedges as (refined label of v, refined label of w, control-only).
 * Names never enter the hash, so renaming ops inside a scope keeps its template. Multisets are
 * hashed order-independently (a sum of well-mixed element hashes), so child and edge order do not
 * matter. Two independent 32-bit lanes form a 64-bit key.
 *
 * Differences from TensorBoard (quirk 10 and others):
 * - Equal structure is decided by the hash, not by a greedy DFS with a one-argument sort
 *   comparator and a lexicographic degree sort; the cluster order is deterministic (level, then
 *   size descending, then first member's name).
 * - The op histogram of all descendants is implied (children's hashes include theirs); edges are
 *   compared per metaedge with its control-only flag, which TB ignores.
 * As in TensorBoard, only META groups (not series, not the root) get templates, and a template is
 * kept when it has more than one member, or exactly one member that is a library function.
 */
import { GROUP_SERIES, type Group, type Hierarchy } from '../hierarchy/types.js';
import { fmix, hashString, hex64, mix, SEED_A, SEED_B } from './hash.js';

export interface TemplateCluster {
  /** Index in `Templates.clusters`. */
  id: number;
  /** Human-readable and unique: `depth=2 |V|=5 |E|=6 card=14 #<64-bit structure hash>`. */
  signature: string;
  /** Minimum over members of `name.split('/').length - 1`, as TensorBoard computes it. */
  level: number;
  /** Member group ids, ascending. */
  groups: number[];
}

export interface Templates {
  /** Per group id: its cluster id, or −1 (no template: unique structure, series or root). */
  templateOf: Int32Array;
  clusters: TemplateCluster[];
  /**
   * Per group id: the two 32-bit lanes of its structure hash (computed for every group,
   * series and root included). Equal keys ⇔ equal structure, up to negligible collisions.
   */
  hashA: Int32Array;
  hashB: Int32Array;
}

const KIND_META = 0x4d455441;
const KIND_SERIES = 0x53455249;
// Seeds for the different element kinds, so that e.g. a child label and an edge can't cancel.
const S_CHILD = 0x1f3d5b79;
const S_OUT = 0x2c6fe1a3;
const S_IN = 0x7a3e9b21;
const S_EDGE = 0x61c88647;
const S_REFINE = 0x3243f6a8;
const S_MEMBER = 0x0d1f2e3c;

/** Computes the templates of every META group. Linear in ops + groups + metaedges. */
export function computeTemplates(h: Hierarchy): Templates {
  const ctx = newHashContext(h);
  // Bottom-up: children before their group.
  for (const g of h.groupOrder.slice().reverse()) {
    if (h.groups[g]!.kind === GROUP_SERIES) hashSeries(ctx, g);
    else hashMeta(ctx, g);
  }
  const { hashA, hashB } = ctx;
  const clusters = templateClusters(h, bucketByHash(h.groups, hashA, hashB), hashA, hashB);
  const templateOf = new Int32Array(h.groups.length).fill(-1);
  clusters.forEach((c, i) => {
    c.id = i;
    for (const g of c.groups) templateOf[g] = i;
  });
  return { templateOf, clusters, hashA, hashB };
}

/** Op label hashes, the group hashes being computed, and per-child scratch sized for the largest group. */
interface HashContext {
  readonly h: Hierarchy;
  /** Two lanes of each op string's hash, by op id. */
  readonly opA: Int32Array;
  readonly opB: Int32Array;
  readonly hashA: Int32Array;
  readonly hashB: Int32Array;
  /** Index among its group's children, by NodeRef (valid for the group being hashed). */
  readonly local: Int32Array;
  /** Per child: its label, the sums over its out- and in-neighbourhood, its refined label. */
  readonly la: Int32Array;
  readonly lb: Int32Array;
  readonly outA: Int32Array;
  readonly outB: Int32Array;
  readonly inA: Int32Array;
  readonly inB: Int32Array;
  readonly ra: Int32Array;
  readonly rb: Int32Array;
  /** The two lanes a step returns. */
  readonly lanes: Int32Array;
}

function newHashContext(h: Hierarchy): HashContext {
  const { n, groups, graph } = h;
  const opA = new Int32Array(graph.ops.length);
  const opB = new Int32Array(graph.ops.length);
  graph.ops.forEach((o, i) => {
    opA[i] = hashString(o, SEED_A);
    opB[i] = hashString(o, SEED_B);
  });
  let maxKids = 1;
  for (const g of groups) if (g.children.length > maxKids) maxKids = g.children.length;
  const scratch = () => new Int32Array(maxKids);
  return {
    h,
    opA,
    opB,
    hashA: new Int32Array(groups.length),
    hashB: new Int32Array(groups.length),
    local: new Int32Array(n + groups.length),
    la: scratch(),
    lb: scratch(),
    outA: scratch(),
    outB: scratch(),
    inA: scratch(),
    inB: scratch(),
    ra: scratch(),
    rb: scratch(),
    lanes: new Int32Array(2),
  };
}

/** A child's label, lane A: an op's op hash, a group's structure hash. */
function labelA(ctx: HashContext, ref: number): number {
  const n = ctx.h.n;
  return ref < n ? ctx.opA[ctx.h.graph.op[ref]!]! : ctx.hashA[ref - n]!;
}

function labelB(ctx: HashContext, ref: number): number {
  const n = ctx.h.n;
  return ref < n ? ctx.opB[ctx.h.graph.op[ref]!]! : ctx.hashB[ref - n]!;
}

/** A series: its op, member count and connectedness, and for a series of scopes the multiset of member hashes. */
function hashSeries(ctx: HashContext, g: number): void {
  const grp = ctx.h.groups[g]!;
  const kids = grp.children;
  const s = grp.series;
  const op = s && s.op >= 0 ? s.op : -1;
  let a = mix(mix(mix(SEED_A, KIND_SERIES), op >= 0 ? ctx.opA[op]! : 0), kids.length);
  let b = mix(mix(mix(SEED_B, KIND_SERIES), op >= 0 ? ctx.opB[op]! : 0), kids.length);
  a = mix(a, grp.hasNonControlEdges ? 1 : 0);
  b = mix(b, grp.hasNonControlEdges ? 1 : 0);
  if (s?.ofGroups) {
    let sa = 0;
    let sb = 0;
    for (const c of kids) {
      const ca = labelA(ctx, c);
      const cb = labelB(ctx, c);
      sa = (sa + fmix(mix(mix(S_MEMBER, ca), cb))) | 0;
      sb = (sb + fmix(mix(mix(S_MEMBER ^ SEED_B, cb), ca))) | 0;
    }
    a = mix(a, sa);
    b = mix(b, sb);
  }
  ctx.hashA[g] = fmix(a);
  ctx.hashB[g] = fmix(b);
}

/** A metanode: its shape numbers, the multiset of refined child labels, and the multiset of its metaedges. */
function hashMeta(ctx: HashContext, g: number): void {
  const { h, lanes } = ctx;
  const grp = h.groups[g]!;
  const k = grp.children.length;
  const m0 = h.metaedges.groupMetaStart[g]!;
  const m1 = h.metaedges.groupMetaStart[g + 1]!;
  loadChildLabels(ctx, grp.children);
  // One round of refinement: each child's label with its in- and out-neighbourhoods.
  sumNeighbourhoods(ctx, m0, m1);
  refineChildren(ctx, k);
  const childA = lanes[0]!;
  const childB = lanes[1]!;
  sumEdges(ctx, m0, m1);
  let a = mix(mix(mix(mix(mix(SEED_A, KIND_META), grp.depth), grp.cardinality), k), m1 - m0);
  let b = mix(mix(mix(mix(mix(SEED_B, KIND_META), grp.depth), grp.cardinality), k), m1 - m0);
  a = mix(mix(a, childA), lanes[0]!);
  b = mix(mix(b, childB), lanes[1]!);
  ctx.hashA[g] = fmix(a);
  ctx.hashB[g] = fmix(b);
}

function loadChildLabels(ctx: HashContext, kids: readonly number[]): void {
  const { local, la, lb, outA, outB, inA, inB } = ctx;
  for (let j = 0; j < kids.length; j++) {
    const c = kids[j]!;
    local[c] = j;
    la[j] = labelA(ctx, c);
    lb[j] = labelB(ctx, c);
    outA[j] = outB[j] = inA[j] = inB[j] = 0;
  }
}

/** Sums over each child's successors and predecessors of (label, control-only), metaedges `[m0, m1)` of the group. */
function sumNeighbourhoods(ctx: HashContext, m0: number, m1: number): void {
  const me = ctx.h.metaedges;
  const { local, la, lb, outA, outB, inA, inB } = ctx;
  for (let i = m0; i < m1; i++) {
    const m = me.groupMetaList[i]!;
    const jv = local[me.v[m]!]!;
    const jw = local[me.w[m]!]!;
    const ctrl = me.numRegular[m] === 0 ? 1 : 2;
    outA[jv] = (outA[jv]! + fmix(mix(mix(mix(S_OUT, la[jw]!), lb[jw]!), ctrl))) | 0;
    outB[jv] = (outB[jv]! + fmix(mix(mix(mix(S_OUT ^ SEED_B, lb[jw]!), la[jw]!), ctrl))) | 0;
    inA[jw] = (inA[jw]! + fmix(mix(mix(mix(S_IN, la[jv]!), lb[jv]!), ctrl))) | 0;
    inB[jw] = (inB[jw]! + fmix(mix(mix(mix(S_IN ^ SEED_B, lb[jv]!), la[jv]!), ctrl))) | 0;
  }
}

/** Refined labels of the k children into `ra`/`rb`; their multiset hash into `lanes`. */
function refineChildren(ctx: HashContext, k: number): void {
  const { la, lb, outA, outB, inA, inB, ra, rb } = ctx;
  let childA = 0;
  let childB = 0;
  for (let j = 0; j < k; j++) {
    ra[j] = fmix(mix(mix(mix(mix(S_REFINE, la[j]!), lb[j]!), outA[j]!), inA[j]!));
    rb[j] = fmix(mix(mix(mix(mix(S_REFINE ^ SEED_B, lb[j]!), la[j]!), outB[j]!), inB[j]!));
    childA = (childA + fmix(mix(mix(S_CHILD, ra[j]!), rb[j]!))) | 0;
    childB = (childB + fmix(mix(mix(S_CHILD ^ SEED_B, rb[j]!), ra[j]!))) | 0;
  }
  ctx.lanes[0] = childA;
  ctx.lanes[1] = childB;
}

/** The multiset hash of metaedges `[m0, m1)` as (refined v, refined w, control-only), into `lanes`. */
function sumEdges(ctx: HashContext, m0: number, m1: number): void {
  const me = ctx.h.metaedges;
  const { local, ra, rb } = ctx;
  let edgeA = 0;
  let edgeB = 0;
  for (let i = m0; i < m1; i++) {
    const m = me.groupMetaList[i]!;
    const jv = local[me.v[m]!]!;
    const jw = local[me.w[m]!]!;
    const ctrl = me.numRegular[m] === 0 ? 1 : 2;
    edgeA = (edgeA + fmix(mix(mix(mix(mix(mix(S_EDGE, ra[jv]!), ra[jw]!), rb[jv]!), rb[jw]!), ctrl))) | 0;
    edgeB = (edgeB + fmix(mix(mix(mix(mix(mix(S_EDGE ^ SEED_B, rb[jv]!), rb[jw]!), ra[jv]!), ra[jw]!), ctrl))) | 0;
  }
  ctx.lanes[0] = edgeA;
  ctx.lanes[1] = edgeB;
}

/** META groups (root excluded) grouped by their 64-bit key. */
interface Buckets {
  /** Per group: its bucket, or −1 (a series or the root). */
  bucketOf: Int32Array;
  size: number[];
  /** The first group of each bucket. */
  first: number[];
}

/** Buckets of equal keys: open addressing on typed arrays. */
function bucketByHash(groups: readonly Group[], hashA: Int32Array, hashB: Int32Array): Buckets {
  const G = groups.length;
  let cap = 16;
  while (cap < G * 2) cap *= 2;
  const slotKey = new Int32Array(cap).fill(-1); // a representative group per slot
  const out: Buckets = { bucketOf: new Int32Array(G).fill(-1), size: [], first: [] };
  for (let g = 1; g < G; g++) {
    if (groups[g]!.kind === GROUP_SERIES) continue;
    const a = hashA[g]!;
    const b = hashB[g]!;
    let s = fmix(a ^ mix(0, b)) & (cap - 1);
    for (;;) {
      const r = slotKey[s]!;
      if (r < 0) {
        slotKey[s] = g;
        out.bucketOf[g] = out.size.length;
        out.size.push(1);
        out.first.push(g);
        break;
      }
      if (hashA[r] === a && hashB[r] === b) {
        out.bucketOf[g] = out.bucketOf[r]!;
        out.size[out.bucketOf[r]!]!++;
        break;
      }
      s = (s + 1) & (cap - 1);
    }
  }
  return out;
}

/** The kept buckets (> 1 member, or a single library-function metanode) as clusters, in cluster order. */
function templateClusters(h: Hierarchy, buckets: Buckets, hashA: Int32Array, hashB: Int32Array): TemplateCluster[] {
  const { groups } = h;
  const me = h.metaedges;
  const keep = buckets.size.map((size, i) => size > 1 || groups[buckets.first[i]!]!.associatedFunction >= 0);
  const members: number[][] = buckets.size.map(() => []);
  for (let g = 1; g < groups.length; g++) {
    const bk = buckets.bucketOf[g]!;
    if (bk >= 0 && keep[bk]) members[bk]!.push(g);
  }
  const clusters: TemplateCluster[] = [];
  for (let bk = 0; bk < buckets.size.length; bk++) {
    if (!keep[bk]) continue;
    const list = members[bk]!;
    const first = list[0]!;
    const fg = groups[first]!;
    let level = Infinity;
    for (const g of list) level = Math.min(level, slashes(groups[g]!.name));
    const signature = `depth=${fg.depth} |V|=${fg.children.length} |E|=${me.groupMetaStart[first + 1]! - me.groupMetaStart[first]!} card=${fg.cardinality} #${hex64(hashA[first]!, hashB[first]!)}`;
    clusters.push({ id: 0, signature, level, groups: list });
  }
  // Level, then size descending, then the first member's name, then the signature.
  return clusters.sort((x, y) => {
    if (x.level !== y.level) return x.level - y.level;
    if (x.groups.length !== y.groups.length) return y.groups.length - x.groups.length;
    const nx = groups[x.groups[0]!]!.name;
    const ny = groups[y.groups[0]!]!.name;
    return nx < ny ? -1 : nx > ny ? 1 : x.signature < y.signature ? -1 : x.signature > y.signature ? 1 : 0;
  });
}

function slashes(name: string): number {
  let k = 0;
  for (let i = name.indexOf('/'); i >= 0; i = name.indexOf('/', i + 1)) k++;
  return k;
}

/** TensorBoard's structure palette has 10 hues (`MetanodeColors.STRUCTURE_PALETTE`). */
export const TB_TEMPLATE_PALETTE_SIZE = 10;

/**
 * Palette index of a template (cluster id), or −1 for a group without a template (TensorBoard
 * draws those `#eee`). With `paletteSize`, the index wraps like TensorBoard's ordinal scale over
 * its 10 hues, so templates 10 apart share a colour (quirk 11); without it, every template gets
 * its own index `0 … clusters.length − 1` (the renderer picks as many distinct colours as it
 * needs, e.g. by golden-angle hue steps). Clusters are ordered shallow and large first, so low
 * indices go to the templates that are most visible.
 */
export function templateColorIndex(templates: Pick<Templates, 'clusters'>, clusterId: number, paletteSize?: number): number {
  if (clusterId < 0 || clusterId >= templates.clusters.length) return -1;
  return paletteSize && paletteSize > 0 ? clusterId % paletteSize : clusterId;
}
