/**
 * Flattens the layouts of the visible expanded groups into one Geometry in absolute
 * coordinates. Iterative; one pass over what is visible.
 */
import { GROUP_META, GROUP_SERIES, NODE_MISSING, type Hierarchy, type RenderModel } from '@tbg/hierarchy';
import type { GroupLayout } from '../group/types.js';
import {
  ALIGN_MIDDLE,
  ANN_CONSTANT,
  ANN_ELLIPSIS,
  ANN_SHORTCUT,
  ANN_SUMMARY,
  FLAG_EXPANDED,
  FLAG_FUNCTION,
  FLAG_MISSING,
  FLAG_ROOT,
  FLAG_SERIES_CONNECTED,
  KIND_META,
  KIND_OP,
  KIND_SECTION,
  KIND_SERIES,
  SHAPE_NONE,
  SHAPE_RECT,
  type Geometry,
} from './types.js';

const ANN_TYPES = { shortcut: ANN_SHORTCUT, constant: ANN_CONSTANT, summary: ANN_SUMMARY, ellipsis: ANN_ELLIPSIS } as const;

/** Growable columns (plain arrays while building; typed arrays at the end). */
class Columns {
  ref: number[] = [];
  parent: number[] = [];
  kind: number[] = [];
  flags: number[] = [];
  box: number[] = [];
  shape: number[] = [];
  shapeKind: number[] = [];
  radius: number[] = [];
  label: string[] = [];
  labelXY: number[] = [];
  labelPx: number[] = [];
  labelAlign: number[] = [];
}

export function buildGeometry(h: Hierarchy, model: RenderModel, root: GroupLayout): Geometry {
  const n = new Columns();
  const e = {
    owner: [] as number[],
    v: [] as number[],
    w: [] as number[],
    metaedge: [] as number[],
    flags: [] as number[],
    width: [] as number[],
    arrow: [] as number[],
    label: [] as string[],
    pointStart: [0] as number[],
    points: [] as number[],
  };
  const a = {
    host: [] as number[],
    side: [] as number[],
    type: [] as number[],
    target: [] as number[],
    box: [] as number[],
    shapeKind: [] as number[],
    edgeFlags: [] as number[],
    label: [] as string[],
    labelXY: [] as number[],
    edge: [] as number[],
  };
  const addNode = (ref: number, parent: number, kind: number, flags: number, box: number[], shape: number[], shapeKind: number, radius: number, label: string, lx: number, ly: number, px: number, align: number) => {
    n.ref.push(ref);
    n.parent.push(parent);
    n.kind.push(kind);
    n.flags.push(flags);
    n.box.push(...box);
    n.shape.push(...shape);
    n.shapeKind.push(shapeKind);
    n.radius.push(radius);
    n.label.push(label);
    n.labelXY.push(lx, ly);
    n.labelPx.push(px);
    n.labelAlign.push(align);
    return n.ref.length - 1;
  };
  const groupKind = (ref: number) => (ref < h.n ? KIND_OP : h.groups[ref - h.n]!.kind === GROUP_META ? KIND_META : KIND_SERIES);
  const baseFlags = (ref: number) => {
    if (ref < h.n) return (h.graph.kind[ref] === NODE_MISSING ? FLAG_MISSING : 0) | (h.graph.callee.has(ref) ? FLAG_FUNCTION : 0);
    const g = h.groups[ref - h.n]!;
    return (g.kind === GROUP_SERIES && g.hasNonControlEdges ? FLAG_SERIES_CONNECTED : 0) | (g.associatedFunction >= 0 ? FLAG_FUNCTION : 0);
  };

  const rootIdx = addNode(root.ref, -1, KIND_META, FLAG_ROOT | FLAG_EXPANDED, [0, 0, root.width, root.height], [0, 0, root.width, root.height], SHAPE_NONE, 0, '', 0, 0, 0, ALIGN_MIDDLE);
  const stack: Array<[GroupLayout, number, number, number]> = [[root, 0, 0, rootIdx]];
  while (stack.length) {
    const [gl, ox, oy, gi] = stack.pop()!;
    // Sections first (parents may be listed after their children), then their parents.
    const sectionIdx = gl.sections.map((s) => addNode(-1, gi, KIND_SECTION, 0, [ox + s.x, oy + s.y, s.width, s.height], [ox + s.x, oy + s.y, s.width, s.height], SHAPE_RECT, 4, '', 0, 0, 0, ALIGN_MIDDLE));
    gl.sections.forEach((s, k) => {
      if (s.parent >= 0) n.parent[sectionIdx[k]!] = sectionIdx[s.parent]!;
    });
    const childIdx = gl.children.map((c) => {
      const parent = c.section >= 0 ? sectionIdx[c.section]! : gi;
      const x = ox + c.x;
      const y = oy + c.y;
      const flags = baseFlags(c.ref) | c.aux;
      if (c.expanded) {
        const l = c.expanded;
        const idx = addNode(c.ref, parent, groupKind(c.ref), flags | FLAG_EXPANDED, [x, y, l.width, l.height], [x, y, l.width, l.height], SHAPE_RECT, groupKind(c.ref) === KIND_SERIES ? 10 : 5, l.label, x + l.labelX, y + l.labelY, l.labelPx, ALIGN_MIDDLE);
        stack.push([l, x, y, idx]);
        return idx;
      }
      const b = c.box!;
      const idx = addNode(c.ref, parent, groupKind(c.ref), flags, [x, y, b.width, b.height], [x + b.shapeX, y + b.shapeY, b.shapeW, b.shapeH], b.shapeKind, b.radius, b.label, x + b.labelX, y + b.labelY, b.labelPx, b.labelAlign);
      const anns = model.group(gl.ref).annotations.get(c.ref);
      for (const ab of b.annotations) {
        const src = (ab.side === 0 ? anns?.in : anns?.out)?.[ab.index];
        a.host.push(idx);
        a.side.push(ab.side);
        a.type.push(src ? ANN_TYPES[src.type] : ANN_ELLIPSIS);
        a.target.push(src ? src.target : -1);
        a.box.push(x + ab.x, y + ab.y, ab.width, ab.height);
        a.shapeKind.push(ab.shapeKind);
        a.edgeFlags.push(src ? (src.control ? 1 : 0) | (src.reference ? 2 : 0) : 0);
        a.label.push(ab.label);
        a.labelXY.push(x + ab.labelX, y + ab.labelY);
        a.edge.push(x + ab.edge[0], y + ab.edge[1], x + ab.edge[2], y + ab.edge[3]);
      }
      return idx;
    });
    for (const pe of gl.edges) {
      e.owner.push(gi);
      e.v.push(pe.v >= 0 ? childIdx[pe.v]! : -1);
      e.w.push(pe.w >= 0 ? childIdx[pe.w]! : -1);
      e.metaedge.push(pe.metaedge);
      e.flags.push(pe.flags);
      e.width.push(pe.width);
      e.arrow.push(pe.arrow);
      e.label.push(pe.label);
      for (let i = 0; i < pe.points.length; i += 2) e.points.push(ox + pe.points[i]!, oy + pe.points[i + 1]!);
      e.pointStart.push(e.points.length / 2);
    }
  }
  return {
    width: root.width,
    height: root.height,
    nodes: {
      count: n.ref.length,
      ref: Int32Array.from(n.ref),
      parent: Int32Array.from(n.parent),
      kind: Uint8Array.from(n.kind),
      flags: Uint16Array.from(n.flags),
      box: Float32Array.from(n.box),
      shape: Float32Array.from(n.shape),
      shapeKind: Uint8Array.from(n.shapeKind),
      radius: Float32Array.from(n.radius),
      label: n.label,
      labelXY: Float32Array.from(n.labelXY),
      labelPx: Float32Array.from(n.labelPx),
      labelAlign: Uint8Array.from(n.labelAlign),
    },
    edges: {
      count: e.owner.length,
      owner: Int32Array.from(e.owner),
      v: Int32Array.from(e.v),
      w: Int32Array.from(e.w),
      metaedge: Int32Array.from(e.metaedge),
      flags: Uint8Array.from(e.flags),
      width: Float32Array.from(e.width),
      arrow: Float32Array.from(e.arrow),
      label: e.label,
      pointStart: Uint32Array.from(e.pointStart),
      points: Float32Array.from(e.points),
    },
    annotations: {
      count: a.host.length,
      host: Int32Array.from(a.host),
      side: Uint8Array.from(a.side),
      type: Uint8Array.from(a.type),
      target: Int32Array.from(a.target),
      box: Float32Array.from(a.box),
      shapeKind: Uint8Array.from(a.shapeKind),
      edgeFlags: Uint8Array.from(a.edgeFlags),
      label: a.label,
      labelXY: Float32Array.from(a.labelXY),
      edge: Float32Array.from(a.edge),
    },
  };
}
