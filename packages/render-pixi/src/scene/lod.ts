/**
 * Levels of detail, as the zoom goes out: labels go first (under 4 screen px), then nodes become
 * plain boxes without annotations, arrowheads or dashes, then an expanded group whose children
 * are all under 2 screen px is drawn as one filled box in their place. The per-node thresholds
 * are camera scales computed once per layout and written into the vertices, so the shaders
 * decide per frame and no buffer changes while zooming.
 */
import { ShapeKind, type Geometry } from '@tbg/layout';

/** Labels smaller than this on screen are not drawn. */
export const MIN_LABEL_SCREEN_PX = 4;
/** Below this camera scale (screen px per world px) nodes are plain boxes; annotations and arrowheads are not drawn. */
export const PLAIN_BELOW_SCALE = 0.5;
/** A group whose children are all smaller than this on screen is drawn as one filled box. */
export const AGGREGATE_BELOW_PX = 2;

/** A coarser copy of the edges: drawn below camera scale `below`, routes within `tolerance` world px. */
export interface EdgeLevel {
  below: number;
  tolerance: number;
}

/**
 * The edges' coarser copies, finest first, each within half a screen px of the fine routes where
 * it is drawn, and only where nodes are plain boxes (no arrowheads). Fitted, a fully expanded
 * 10k-node graph has 500k vertices of edges, nearly all in bends under a pixel; these levels
 * draw it with 100k, then with 40k.
 */
export const EDGE_LEVELS: readonly EdgeLevel[] = [
  { below: PLAIN_BELOW_SCALE, tolerance: 1 },
  { below: 1 / 32, tolerance: 16 },
];

/** The camera scales at which copy `k` is drawn (0: the fine one, then `levels` in turn): from `from` up to, not including, `finerFrom`. */
export function levelRange(levels: readonly EdgeLevel[] | undefined, k: number): { from: number; finerFrom: number } {
  if (!levels) return { from: 0, finerFrom: Infinity };
  return { from: levels[k]?.below ?? 0, finerFrom: k === 0 ? Infinity : levels[k - 1]!.below };
}

/** The coarser copies worth building for items shown only from scale `shown`: the others would never be drawn (a prefix of `levels`). */
export function liveLevels(levels: readonly EdgeLevel[], shown: number): EdgeLevel[] {
  return levels.filter((l) => shown < l.below);
}

/** Which copy is drawn at `scale` (0: the fine one; `levels.length`: the coarsest). */
export function levelAt(levels: readonly EdgeLevel[], scale: number): number {
  const k = levels.findIndex((l) => scale >= l.below);
  return k < 0 ? levels.length : k;
}

/** Whether a mesh drawn from `from` and giving way at `finerFrom` is drawn at `scale` (Infinity, without levels of detail: the finest only). */
export function shownAtScale(scale: number, from: number, finerFrom: number): boolean {
  return scale >= from && (finerFrom === Infinity || scale < finerFrom);
}

export interface LodThresholds {
  /** Per node: the camera scale below which it is not drawn (an ancestor stands in for it). */
  nodeHide: Float32Array;
  /** Per node: the camera scale below which it is drawn as one filled box instead of its contents (0: never). */
  nodeAggregate: Float32Array;
  /** Per edge: the camera scale below which it is not drawn (its owner is an aggregate). */
  edgeHide: Float32Array;
}

/** The thresholds of every node and edge (parents come before their children in the geometry). */
export function lodThresholds(g: Geometry): LodThresholds {
  const n = g.nodes.count;
  const s = g.nodes.shape;
  const largestChild = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const p = g.nodes.parent[i]!;
    if (p >= 0) largestChild[p] = Math.max(largestChild[p]!, s[4 * i + 2]!, s[4 * i + 3]!);
  }
  const nodeAggregate = new Float32Array(n);
  const nodeHide = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    // A shapeless group (the root) has nothing to draw in its children's place.
    if (largestChild[i]! > 0 && g.nodes.shapeKind[i] !== ShapeKind.none) nodeAggregate[i] = AGGREGATE_BELOW_PX / largestChild[i]!;
    const p = g.nodes.parent[i]!;
    if (p >= 0) nodeHide[i] = Math.max(nodeHide[p]!, nodeAggregate[p]!);
  }
  const edgeHide = new Float32Array(g.edges.count);
  for (let e = 0; e < g.edges.count; e++) {
    const o = g.edges.owner[e]!;
    if (o >= 0) edgeHide[e] = Math.max(nodeHide[o]!, nodeAggregate[o]!);
  }
  return { nodeHide, nodeAggregate, edgeHide };
}

/** Whether node i is drawn at camera scale `scale` (not replaced by an ancestor's aggregate). */
export function nodeShown(lod: LodThresholds, i: number, scale: number): boolean {
  return scale >= lod.nodeHide[i]!;
}

/** No thresholds: everything drawn at every scale (for tests and `lod: false`). */
export function noLod(g: Geometry): LodThresholds {
  return { nodeHide: new Float32Array(g.nodes.count), nodeAggregate: new Float32Array(g.nodes.count), edgeHide: new Float32Array(g.edges.count) };
}
