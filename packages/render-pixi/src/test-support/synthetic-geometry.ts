/**
 * A generated, already laid-out geometry of any size for benchmarks and LOD tests (ELK would take
 * minutes at 50k nodes): expanded top-level groups in a grid, each holding expanded subgroups in a
 * grid, each holding op ellipses in a grid with labels above them, chained top to bottom by edges
 * with tensor-shape labels. Sizes follow TensorBoard's (ops 15×6, 6 px labels, 9 px group titles).
 */
import { LabelAlign, NodeFlag, NodeKind, ShapeKind, type Geometry } from '@tbg/layout';

export interface SyntheticOptions {
  /** Top-level groups, subgroups per group, ops per subgroup. */
  groups: number;
  subgroups: number;
  ops: number;
  /** Expand the subgroups (default true); collapsed ones are drawn as metanodes with their ops left out. */
  expanded?: boolean;
}

const CELL_W = 50;
const CELL_H = 30;
const PAD = 10;
const TITLE = 20;

interface Builder {
  nodes: Array<{ parent: number; kind: number; flags: number; shape: number[]; shapeKind: number; label: string; labelXY: [number, number]; labelPx: number }>;
  edges: Array<{ owner: number; v: number; w: number; points: number[]; label: string }>;
}

function addNode(b: Builder, n: Builder['nodes'][number]): number {
  b.nodes.push(n);
  return b.nodes.length - 1;
}

/** A subgroup at (x, y): its ops in a grid, each chained to the op below it. */
function addSubgroup(b: Builder, parent: number, x: number, y: number, o: SyntheticOptions, name: string): [number, number] {
  const cols = Math.ceil(Math.sqrt(o.ops));
  const rows = Math.ceil(o.ops / cols);
  const [w, h] = o.expanded === false ? [60, 30] : [cols * CELL_W + 2 * PAD, rows * CELL_H + TITLE + PAD];
  const flags = o.expanded === false ? 0 : NodeFlag.expanded;
  const labelXY: [number, number] = o.expanded === false ? [x + w / 2, y + h / 2] : [x + w / 2, y + TITLE / 2];
  const sub = addNode(b, { parent, kind: NodeKind.meta, flags, shape: [x, y, w, h], shapeKind: ShapeKind.rect, label: name, labelXY, labelPx: 9 });
  if (o.expanded === false) return [w, h];
  const first = b.nodes.length;
  for (let k = 0; k < o.ops; k++) {
    const [cx, cy] = [x + PAD + (k % cols) * CELL_W + CELL_W / 2, y + TITLE + Math.floor(k / cols) * CELL_H + CELL_H / 2];
    addNode(b, { parent: sub, kind: NodeKind.op, flags: 0, shape: [cx - 7.5, cy - 3, 15, 6], shapeKind: ShapeKind.ellipse, label: `op_${k}`, labelXY: [cx, cy - 8], labelPx: 6 });
    if (k >= cols) {
      const v = first + k - cols;
      b.edges.push({ owner: sub, v, w: first + k, points: [cx, cy - CELL_H + 3, cx, cy - CELL_H / 2 + 2, cx, cy - 3], label: k % 3 === 0 ? '?×784' : '' });
    }
  }
  return [w, h];
}

export function syntheticGeometry(o: SyntheticOptions): Geometry {
  const b: Builder = { nodes: [], edges: [] };
  const root = addNode(b, { parent: -1, kind: NodeKind.meta, flags: NodeFlag.expanded | NodeFlag.root, shape: [0, 0, 0, 0], shapeKind: ShapeKind.none, label: '', labelXY: [0, 0], labelPx: 0 });
  const groupsPerRow = Math.ceil(Math.sqrt(o.groups));
  let [x, y, rowH, width] = [0, 0, 0, 0];
  for (let gi = 0; gi < o.groups; gi++) {
    if (gi > 0 && gi % groupsPerRow === 0) [x, y, rowH] = [0, y + rowH + 2 * PAD, 0];
    const [w, h] = addGroup(b, root, x, y, o, gi);
    x += w + 2 * PAD;
    rowH = Math.max(rowH, h);
    width = Math.max(width, x);
  }
  b.nodes[root]!.shape = [0, 0, width, y + rowH];
  return toGeometry(b, width, y + rowH);
}

/** A top-level group at (x, y) with its subgroups in a grid; returns its size. */
function addGroup(b: Builder, root: number, x: number, y: number, o: SyntheticOptions, gi: number): [number, number] {
  const group = addNode(b, { parent: root, kind: NodeKind.meta, flags: NodeFlag.expanded, shape: [x, y, 0, 0], shapeKind: ShapeKind.rect, label: `group_${gi}`, labelXY: [0, 0], labelPx: 9 });
  const perRow = Math.ceil(Math.sqrt(o.subgroups));
  let [sx, sy, rowH, groupW] = [x + PAD, y + TITLE, 0, 0];
  for (let si = 0; si < o.subgroups; si++) {
    if (si > 0 && si % perRow === 0) [sx, sy, rowH] = [x + PAD, sy + rowH + PAD, 0];
    const [w, h] = addSubgroup(b, group, sx, sy, o, `sub_${si}`);
    sx += w + PAD;
    rowH = Math.max(rowH, h);
    groupW = Math.max(groupW, sx - x);
  }
  const groupH = sy + rowH + PAD - y;
  b.nodes[group]!.shape = [x, y, groupW, groupH];
  b.nodes[group]!.labelXY = [x + groupW / 2, y + TITLE / 2];
  return [groupW, groupH];
}

function toGeometry(b: Builder, width: number, height: number): Geometry {
  const n = b.nodes.length;
  const m = b.edges.length;
  const pointStart = new Uint32Array(m + 1);
  b.edges.forEach((e, k) => (pointStart[k + 1] = pointStart[k]! + e.points.length / 2));
  const shape = Float32Array.from(b.nodes.flatMap((v) => v.shape));
  const box = Float32Array.from(b.nodes.flatMap((v) => (v.kind === NodeKind.op ? [v.shape[0]! - 10, v.shape[1]! - 11, 35, 17] : v.shape)));
  return {
    width,
    height,
    nodes: {
      count: n,
      ref: Int32Array.from(b.nodes.keys()),
      parent: Int32Array.from(b.nodes.map((v) => v.parent)),
      kind: Uint8Array.from(b.nodes.map((v) => v.kind)),
      flags: Uint16Array.from(b.nodes.map((v) => v.flags)),
      box,
      shape,
      shapeKind: Uint8Array.from(b.nodes.map((v) => v.shapeKind)),
      radius: new Float32Array(n).fill(5),
      label: b.nodes.map((v) => v.label),
      labelXY: Float32Array.from(b.nodes.flatMap((v) => v.labelXY)),
      labelPx: Float32Array.from(b.nodes.map((v) => v.labelPx)),
      labelAlign: new Uint8Array(n).fill(LabelAlign.middle),
    },
    edges: {
      count: m,
      owner: Int32Array.from(b.edges.map((e) => e.owner)),
      v: Int32Array.from(b.edges.map((e) => e.v)),
      w: Int32Array.from(b.edges.map((e) => e.w)),
      metaedge: new Int32Array(m).fill(-1),
      flags: new Uint8Array(m),
      width: new Float32Array(m).fill(0.75),
      arrow: new Float32Array(m).fill(5),
      label: b.edges.map((e) => e.label),
      pointStart,
      points: Float32Array.from(b.edges.flatMap((e) => e.points)),
    },
    annotations: { count: 0, host: new Int32Array(0), side: new Uint8Array(0), type: new Uint8Array(0), target: new Int32Array(0), box: new Float32Array(0), shapeKind: new Uint8Array(0), edgeFlags: new Uint8Array(0), label: [], labelXY: new Float32Array(0), edge: new Float32Array(0) },
  };
}
