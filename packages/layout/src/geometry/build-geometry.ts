/**
 * Flattens the layouts of the visible expanded groups into one Geometry in absolute
 * coordinates. Iterative; one pass over what is visible.
 */
import { GROUP_META, GROUP_SERIES, NODE_MISSING, type Hierarchy, type NodeAnnotations, type NodeRef, type RenderModel } from '@tbg/hierarchy';
import type { GroupLayout, NodeBox, PlacedChild } from '../group/types.js';
import { AnnotationColumns, EdgeColumns, NodeColumns } from './geometry-columns.js';
import { AnnotationSide, AnnotationType, EdgeFlag, LabelAlign, NodeFlag, NodeKind, ShapeKind, type Geometry, type NodeFlags } from './types.js';

/** The geometry being built, and what filling it needs. */
interface Build {
  h: Hierarchy;
  model: RenderModel;
  nodes: NodeColumns;
  edges: EdgeColumns;
  annotations: AnnotationColumns;
  /** Expanded groups still to flatten: layout, its top-left corner, its geometry node. */
  stack: Array<[GroupLayout, number, number, number]>;
}

export function buildGeometry(h: Hierarchy, model: RenderModel, root: GroupLayout): Geometry {
  const b: Build = { h, model, nodes: new NodeColumns(), edges: new EdgeColumns(), annotations: new AnnotationColumns(), stack: [] };
  const n = b.nodes;
  const rootIdx = n.add(root.ref, -1, NodeKind.meta, NodeFlag.root | NodeFlag.expanded);
  n.box(0, 0, root.width, root.height);
  n.shape(0, 0, root.width, root.height, ShapeKind.none, 0);
  n.label('', 0, 0, 0, LabelAlign.middle);
  b.stack.push([root, 0, 0, rootIdx]);
  while (b.stack.length) {
    const [gl, ox, oy, gi] = b.stack.pop()!;
    const sectionIdx = addSections(n, gl, ox, oy, gi);
    const childIdx = gl.children.map((c) => addChild(b, gl, c, c.section >= 0 ? sectionIdx[c.section]! : gi, ox + c.x, oy + c.y));
    for (const pe of gl.edges) b.edges.add(gi, pe.v >= 0 ? childIdx[pe.v]! : -1, pe.w >= 0 ? childIdx[pe.w]! : -1, pe.metaedge, pe.flags, pe.width, pe.arrow, pe.label, pe.points, ox, oy);
  }
  return { width: root.width, height: root.height, nodes: n.finish(), edges: b.edges.finish(), annotations: b.annotations.finish() };
}

/** The sections of group node `gi` (parents may be listed after their children), with their parents; returns their indices. */
function addSections(n: NodeColumns, gl: GroupLayout, ox: number, oy: number, gi: number): number[] {
  const sectionIdx = gl.sections.map((s) => {
    const i = n.add(-1, gi, NodeKind.section, 0);
    n.box(ox + s.x, oy + s.y, s.width, s.height);
    n.shape(ox + s.x, oy + s.y, s.width, s.height, ShapeKind.rect, 4);
    n.label('', 0, 0, 0, LabelAlign.middle);
    return i;
  });
  gl.sections.forEach((s, k) => {
    if (s.parent >= 0) n.parent[sectionIdx[k]!] = sectionIdx[s.parent]!;
  });
  return sectionIdx;
}

/** Child `c` of group `gl`, at (x, y) in `parent`: an expanded group (flattened later) or a collapsed node and its annotations. */
function addChild(b: Build, gl: GroupLayout, c: PlacedChild, parent: number, x: number, y: number): number {
  const n = b.nodes;
  const kind = nodeKind(b.h, c.ref);
  const flags = baseFlags(b.h, c.ref) | c.aux;
  if (c.expanded) {
    const l = c.expanded;
    const idx = n.add(c.ref, parent, kind, flags | NodeFlag.expanded);
    n.box(x, y, l.width, l.height);
    n.shape(x, y, l.width, l.height, ShapeKind.rect, kind === NodeKind.series ? 10 : 5);
    n.label(l.label, x + l.labelX, y + l.labelY, l.labelPx, LabelAlign.middle);
    b.stack.push([l, x, y, idx]);
    return idx;
  }
  const box = c.box!;
  const idx = n.add(c.ref, parent, kind, flags);
  n.box(x, y, box.width, box.height);
  n.shape(x + box.shapeX, y + box.shapeY, box.shapeW, box.shapeH, box.shapeKind, box.radius);
  n.label(box.label, x + box.labelX, y + box.labelY, box.labelPx, box.labelAlign);
  addAnnotations(b.annotations, idx, box, b.model.group(gl.ref).annotations.get(c.ref), x, y);
  return idx;
}

function nodeKind(h: Hierarchy, ref: NodeRef): NodeKind {
  return ref < h.n ? NodeKind.op : h.groups[ref - h.n]!.kind === GROUP_META ? NodeKind.meta : NodeKind.series;
}

function baseFlags(h: Hierarchy, ref: NodeRef): NodeFlags {
  if (ref < h.n) return (h.graph.kind[ref] === NODE_MISSING ? NodeFlag.missing : 0) | (h.graph.callee.has(ref) ? NodeFlag.function : 0);
  const g = h.groups[ref - h.n]!;
  return (g.kind === GROUP_SERIES && g.hasNonControlEdges ? NodeFlag.seriesConnected : 0) | (g.associatedFunction >= 0 ? NodeFlag.function : 0);
}

/** The annotations of collapsed node `host`, at (x, y), with what the render model says of each. */
function addAnnotations(a: AnnotationColumns, host: number, box: NodeBox, anns: NodeAnnotations | undefined, x: number, y: number): void {
  for (const ab of box.annotations) {
    const src = (ab.side === AnnotationSide.in ? anns?.in : anns?.out)?.[ab.index];
    a.host.push(host);
    a.side.push(ab.side);
    a.type.push(src ? AnnotationType[src.type] : AnnotationType.ellipsis);
    a.target.push(src ? src.target : -1);
    a.box.push(x + ab.x, y + ab.y, ab.width, ab.height);
    a.shapeKind.push(ab.shapeKind);
    a.edgeFlags.push(src ? (src.control ? EdgeFlag.controlOnly : 0) | (src.reference ? EdgeFlag.hasRef : 0) : 0);
    a.label.push(ab.label);
    a.labelXY.push(x + ab.labelX, y + ab.labelY);
    a.edge.push(x + ab.edge[0], y + ab.edge[1], x + ab.edge[2], y + ab.edge[3]);
  }
}
