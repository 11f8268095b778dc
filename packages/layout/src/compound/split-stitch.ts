/**
 * Step 3 of a split layout: stitching the sections' layouts into the level's. Members move
 * with their section, sections nest (the level's own sections, when the level had to be split
 * too, come first), and each cut edge is joined from its pieces through the ports, so that its
 * route is continuous and every piece of it comes from ELK.
 */
import { clamp } from '../geometry/clamp.js';
import { emptyLayout, type LgLayout, type LgSection } from './layout-graph.js';
import type { SplitInput, SplitLevel } from './split-level.js';

/** The whole graph's layout from its sections' layouts `subs` and the level's layout. */
export function stitchSplit(s: SplitInput, subs: LgLayout[], level: SplitLevel, levelLayout: LgLayout): LgLayout {
  const out = emptyLayout(s.g.nodes.length);
  const origin = s.builds.map((_, k) => [levelLayout.nodeXY[2 * level.levelOfSection[k]!]! + s.pad, levelLayout.nodeXY[2 * level.levelOfSection[k]! + 1]! + s.pad] as const);
  // Sections of the level layout (when the sections themselves had to be split) come first.
  const sections: LgSection[] = levelLayout.sections.map((x) => ({ ...x, parent: x.parent < 0 ? -1 : x.parent, members: [] }));
  const levelSectionOf = new Int32Array(level.graph.nodes.length).fill(-1);
  levelLayout.sections.forEach((x, k) => x.members.forEach((m) => (levelSectionOf[m] = k)));
  placeSections(s, subs, level, levelSectionOf, origin, out, sections);
  placeGridAndStubs(s, level, levelLayout, levelSectionOf, out, sections);
  joinRoutes(s, subs, level, levelLayout, origin, out);
  out.width = levelLayout.width;
  out.height = levelLayout.height;
  out.sections = sections;
  out.maxElkNodes = Math.max(levelLayout.maxElkNodes, ...subs.map((x) => x.maxElkNodes));
  out.maxElkMs = Math.max(levelLayout.maxElkMs, ...subs.map((x) => x.maxElkMs));
  out.elkCalls = levelLayout.elkCalls + subs.reduce((a, x) => a + x.elkCalls, 0);
  return out;
}

type Origin = readonly (readonly [number, number])[];

/** Each section's own sections and the section itself (in `sectionList`), and its members' places. */
function placeSections(s: SplitInput, subs: LgLayout[], level: SplitLevel, levelSectionOf: Int32Array, origin: Origin, out: LgLayout, sectionList: LgSection[]): void {
  const { pad } = s;
  s.builds.forEach((b, k) => {
    const sub = subs[k]!;
    const [ox, oy] = origin[k]!;
    const base = sectionList.length;
    for (const x of sub.sections) sectionList.push({ x: x.x + ox, y: x.y + oy, width: x.width, height: x.height, parent: x.parent < 0 ? -1 : x.parent + base, members: [] });
    const subSectionOf = new Int32Array(b.graph.nodes.length).fill(-1);
    sub.sections.forEach((x, j) => x.members.forEach((m) => (subSectionOf[m] = j + base)));
    const self = sectionList.length;
    const box = level.graph.nodes[level.levelOfSection[k]!]!;
    sectionList.push({ x: ox - pad, y: oy - pad, width: box.width, height: box.height, parent: levelSectionOf[level.levelOfSection[k]!]!, members: [] });
    // The sub-layout's own top-level sections sit inside this one.
    for (let j = base; j < self; j++) if (sectionList[j]!.parent === -1) sectionList[j]!.parent = self;
    b.members.forEach((v, i) => {
      out.nodeXY[2 * v] = sub.nodeXY[2 * i]! + ox;
      out.nodeXY[2 * v + 1] = sub.nodeXY[2 * i + 1]! + oy;
      const inner = subSectionOf[i]!;
      sectionList[inner >= 0 ? inner : self]!.members.push(v);
    });
  });
}

/** The grid of isolated nodes (a section of its own) and the whole graph's stubs, where the level put them. */
function placeGridAndStubs(s: SplitInput, level: SplitLevel, levelLayout: LgLayout, levelSectionOf: Int32Array, out: LgLayout, sectionList: LgSection[]): void {
  const { isolated, pad } = s;
  const { gridNode, grid } = level;
  if (isolated.length) {
    const gx = levelLayout.nodeXY[2 * gridNode]! + pad;
    const gy = levelLayout.nodeXY[2 * gridNode + 1]! + pad;
    const box = level.graph.nodes[gridNode]!;
    sectionList.push({ x: gx - pad, y: gy - pad, width: box.width, height: box.height, parent: levelSectionOf[gridNode]!, members: isolated.slice() });
    isolated.forEach((v, k) => {
      out.nodeXY[2 * v] = grid.xy[2 * k]! + gx;
      out.nodeXY[2 * v + 1] = grid.xy[2 * k + 1]! + gy;
    });
  }
  for (const [v, lv] of level.levelOfStub) {
    out.nodeXY[2 * v] = levelLayout.nodeXY[2 * lv]!;
    out.nodeXY[2 * v + 1] = levelLayout.nodeXY[2 * lv + 1]!;
  }
}

/** Growing list of route points: joins repeat the port point, and only one is kept. */
class RoutePoints {
  readonly pts: number[] = [];

  append(src: ArrayLike<number>, from: number, to: number, dx: number, dy: number): void {
    const pts = this.pts;
    for (let p = from; p < to; p++) {
      const x = src[2 * p]! + dx;
      const y = src[2 * p + 1]! + dy;
      const m = pts.length;
      if (m >= 2 && Math.abs(pts[m - 2]! - x) < 1e-6 && Math.abs(pts[m - 1]! - y) < 1e-6) continue;
      pts.push(x, y);
    }
  }
}

/** Every edge's route: its piece in its source's section, its level edge, its piece in its target's section. */
function joinRoutes(s: SplitInput, subs: LgLayout[], level: SplitLevel, levelLayout: LgLayout, origin: Origin, out: LgLayout): void {
  const { g, sectionOf, builds } = s;
  const route = new RoutePoints();
  const starts = new Uint32Array(g.edges.length + 1);
  g.edges.forEach((e, idx) => {
    starts[idx] = route.pts.length / 2;
    const sv = sectionOf[e.v]!;
    const sw = sectionOf[e.w]!;
    if (sv >= 0) {
      const sub = subs[sv]!;
      const se = builds[sv]!.edgeIndex.get(idx)!;
      const [ox, oy] = origin[sv]!;
      // A cut edge's piece inside the source section ends at its stub; the port replaces that
      // end, straight out from the stub's place (kept, within the section's box: the stub may sit
      // beside the nodes of its layer).
      const end = sw === sv ? sub.pointStart[se + 1]! : sub.pointStart[se + 1]! - 1;
      route.append(sub.points, sub.pointStart[se]!, end, ox, oy);
      if (sw === sv) return;
      route.append(stubPlace(s, level, sv, sub, end, origin), 0, 1, 0, 0);
    }
    const le = level.levelEdgeOf[idx]!;
    route.append(levelLayout.points, levelLayout.pointStart[le]!, levelLayout.pointStart[le + 1]!, 0, 0);
    if (sw >= 0) {
      // Likewise in the target section: from the port straight in to the stub's place.
      const sub = subs[sw]!;
      const se = builds[sw]!.edgeIndex.get(idx)!;
      const [ox, oy] = origin[sw]!;
      route.append(stubPlace(s, level, sw, sub, sub.pointStart[se]!, origin), 0, 1, 0, 0);
      route.append(sub.points, sub.pointStart[se]! + 1, sub.pointStart[se + 1]!, ox, oy);
    }
  });
  starts[g.edges.length] = route.pts.length / 2;
  out.pointStart = starts;
  out.points = Float64Array.from(route.pts);
}

/** Point p of section k's layout `sub` (a route's end at a stub), in the level's frame and within the section's box. */
function stubPlace(s: SplitInput, level: SplitLevel, k: number, sub: LgLayout, p: number, origin: Origin): [number, number] {
  const [ox, oy] = origin[k]!;
  const box = level.graph.nodes[level.levelOfSection[k]!]!;
  return [clamp(sub.points[2 * p]! + ox, ox - s.pad, ox - s.pad + box.width), clamp(sub.points[2 * p + 1]! + oy, oy - s.pad, oy - s.pad + box.height)];
}
