import { describe, expect, it } from 'vitest';
import { AnnotationType, EdgeFlag, LabelAlign, NodeFlag, NodeKind, ShapeKind, type Geometry } from '../geometry/types.js';
import { roboto } from '../text/roboto.js';
import { annotationCrossings } from './annotation-crossings.js';
import { checkInvariants, type Violation } from './check.js';
import { sampledCurve, segmentCrossesRect } from './shapes.js';

type Box = [number, number, number, number];

interface NodeSpec {
  label: string;
  parent: number;
  kind: number;
  flags: number;
  box: Box;
  shape: Box;
  shapeKind: number;
  /** The label's anchor, size (0 when absent: no label drawn) and alignment (a LabelAlign, middle when absent). */
  labelXY?: [number, number];
  labelPx?: number;
  labelAlign?: number;
}

interface EdgeSpec {
  owner: number;
  v: number;
  w: number;
  points: number[];
  /** EdgeFlags; 0 when absent. */
  flags?: number;
  /** Stroke width (1 when absent) and arrowhead size (5 when absent). */
  width?: number;
  arrow?: number;
}

interface AnnSpec {
  host: number;
  box: Box;
  label: string;
  /** 0 = in (label ends at labelXY), 1 = out (label starts there); 0 when absent. */
  side?: 0 | 1;
  labelXY?: [number, number];
  type?: number;
}

interface Scene {
  nodes: NodeSpec[];
  edges: EdgeSpec[];
  anns: AnnSpec[];
}

/** Flattens a scene into a Geometry (only the columns the checks read carry meaning). */
function geometry(s: Scene): Geometry {
  const n = s.nodes.length;
  const m = s.edges.length;
  const a = s.anns.length;
  const pointStart = new Uint32Array(m + 1);
  s.edges.forEach((e, k) => (pointStart[k + 1] = pointStart[k]! + e.points.length / 2));
  return {
    width: s.nodes[0]?.box[2] ?? 0,
    height: s.nodes[0]?.box[3] ?? 0,
    nodes: {
      count: n,
      ref: Int32Array.from(s.nodes, (_, i) => i),
      parent: Int32Array.from(s.nodes, (x) => x.parent),
      kind: Uint8Array.from(s.nodes, (x) => x.kind),
      flags: Uint16Array.from(s.nodes, (x) => x.flags),
      box: Float32Array.from(s.nodes.flatMap((x) => x.box)),
      shape: Float32Array.from(s.nodes.flatMap((x) => x.shape)),
      shapeKind: Uint8Array.from(s.nodes, (x) => x.shapeKind),
      radius: new Float32Array(n),
      label: s.nodes.map((x) => x.label),
      labelXY: Float32Array.from(s.nodes.flatMap((x) => x.labelXY ?? [0, 0])),
      labelPx: Float32Array.from(s.nodes, (x) => x.labelPx ?? 0),
      labelAlign: Uint8Array.from(s.nodes, (x) => x.labelAlign ?? LabelAlign.middle),
    },
    edges: {
      count: m,
      owner: Int32Array.from(s.edges, (e) => e.owner),
      v: Int32Array.from(s.edges, (e) => e.v),
      w: Int32Array.from(s.edges, (e) => e.w),
      metaedge: new Int32Array(m).fill(-1),
      flags: Uint8Array.from(s.edges, (e) => e.flags ?? 0),
      width: Float32Array.from(s.edges, (e) => e.width ?? 1),
      arrow: Float32Array.from(s.edges, (e) => e.arrow ?? 5),
      label: s.edges.map(() => ''),
      pointStart,
      points: Float32Array.from(s.edges.flatMap((e) => e.points)),
    },
    annotations: {
      count: a,
      host: Int32Array.from(s.anns, (x) => x.host),
      side: Uint8Array.from(s.anns, (x) => x.side ?? 0),
      type: Uint8Array.from(s.anns, (x) => x.type ?? AnnotationType.constant),
      target: new Int32Array(a).fill(-1),
      box: Float32Array.from(s.anns.flatMap((x) => x.box)),
      shapeKind: new Uint8Array(a).fill(ShapeKind.ellipse),
      edgeFlags: new Uint8Array(a),
      label: s.anns.map((x) => x.label),
      labelXY: Float32Array.from(s.anns.flatMap((x) => x.labelXY ?? [0, 0])),
      edge: new Float32Array(4 * a),
    },
  };
}

// Node indices of the valid scene.
const ROOT = 0;
const A = 1;
const G = 2;
const B = 3;
const C = 4;

/**
 * A valid scene: the root holds op A (ellipse) and expanded group G; G holds op B (rect) and
 * op C (ellipse). Edges: A → G (root), B → C (in G), border → B and C → border (bridges of G),
 * and the root's edges they continue: A → G at (140, 170) and G → A from (200, 20).
 */
function validScene(): Scene {
  const op = (label: string, parent: number, box: Box, shape: Box, shapeKind: number): NodeSpec => ({ label, parent, kind: NodeKind.op, flags: 0, box, shape, shapeKind });
  return {
    nodes: [
      { label: 'root', parent: -1, kind: NodeKind.meta, flags: NodeFlag.root | NodeFlag.expanded, box: [0, 0, 300, 200], shape: [0, 0, 300, 200], shapeKind: ShapeKind.rect },
      op('A', ROOT, [20, 20, 40, 30], [30, 30, 20, 10], ShapeKind.ellipse), // centre (40, 35)
      { label: 'G', parent: ROOT, kind: NodeKind.meta, flags: NodeFlag.expanded, box: [100, 20, 150, 150], shape: [100, 20, 150, 150], shapeKind: ShapeKind.rect },
      op('B', G, [120, 50, 40, 30], [125, 60, 30, 12], ShapeKind.rect), // bottom side y = 72
      op('C', G, [180, 100, 40, 30], [190, 110, 20, 10], ShapeKind.ellipse), // centre (200, 115)
    ],
    edges: [
      { owner: ROOT, v: A, w: G, points: [50, 35, 75, 35, 100, 35] },
      { owner: G, v: B, w: C, points: [140, 72, 170, 90, 200, 110] },
      { owner: G, v: -1, w: B, points: [140, 170, 140, 72] },
      { owner: G, v: C, w: -1, points: [200, 110, 200, 20] },
      { owner: ROOT, v: A, w: G, points: [40, 40, 40, 185, 140, 185, 140, 170] },
      { owner: ROOT, v: G, w: A, points: [200, 20, 200, 10, 40, 10, 40, 30] },
    ],
    anns: [{ host: A, box: [22, 33, 4, 4], label: 'const' }],
  };
}

const rules = (vs: Violation[]) => vs.map((v) => v.rule);

/** The report of the valid scene after `change`. */
function checkChanged(change: (s: Scene) => void, options?: Parameters<typeof checkInvariants>[1]) {
  const s = validScene();
  change(s);
  return checkInvariants(geometry(s), options);
}

describe('checkInvariants', () => {
  it('accepts a valid geometry', () => {
    expect(checkInvariants(geometry(validScene()))).toEqual({ ok: true, violations: [], more: 0 });
  });

  it('accepts an empty geometry and a lone root', () => {
    expect(checkInvariants(geometry({ nodes: [], edges: [], anns: [] })).ok).toBe(true);
    expect(checkInvariants(geometry({ nodes: validScene().nodes.slice(0, 1), edges: [], anns: [] })).ok).toBe(true);
  });

  describe('sibling-overlap', () => {
    it('reports overlapping siblings', () => {
      const r = checkChanged((s) => (s.nodes[B]!.box = [120, 50, 70, 60]));
      expect(rules(r.violations)).toEqual(['sibling-overlap']);
      expect(r.violations[0]!.message).toMatch(/B overlaps C|C overlaps B/);
      expect(r.ok).toBe(false);
    });

    it('reports a box inside a sibling, and siblings at the root', () => {
      expect(rules(checkChanged((s) => (s.nodes[B]!.box = [185, 105, 10, 10])).violations)).toEqual(['sibling-overlap']);
      // A overlapping G.
      expect(rules(checkChanged((s) => (s.nodes[A]!.box = [20, 20, 100, 30])).violations)).toEqual(['sibling-overlap']);
    });

    it('accepts touching siblings and overlaps within the tolerance', () => {
      expect(checkChanged((s) => (s.nodes[B]!.box = [140, 50, 40, 60])).ok).toBe(true); // right side = C's left side
      expect(checkChanged((s) => (s.nodes[B]!.box = [140.25, 50, 40, 52])).ok).toBe(true); // 0.25 px into C
      expect(checkChanged((s) => (s.nodes[B]!.box = [142, 50, 40, 52]), { tolerance: 3 }).ok).toBe(true);
      expect(checkChanged((s) => (s.nodes[B]!.box = [142, 50, 40, 52])).ok).toBe(false);
    });

    it('does not compare nodes of different parents', () => {
      // A grows over G and over B inside G: only A–G (siblings) is an overlap.
      const r = checkChanged((s) => (s.nodes[A]!.box = [20, 20, 110, 40]));
      expect(rules(r.violations)).toEqual(['sibling-overlap']);
      expect(r.violations[0]!.message).toMatch(/A overlaps G|G overlaps A/);
    });
  });

  describe('outside-parent', () => {
    it('reports a child sticking out of its group, on any side', () => {
      const boxes: Box[] = [
        [230, 100, 40, 30], // right
        [95, 100, 40, 30], // left
        [180, 15, 40, 30], // top
        [180, 150, 40, 30], // bottom
      ];
      for (const box of boxes) {
        const r = checkChanged((s) => (s.nodes[C]!.box = box));
        expect(rules(r.violations), box.join(',')).toEqual(['outside-parent']);
        expect(r.violations[0]!.message).toContain('C');
      }
    });

    it('reports a child outside a section parent', () => {
      const r = checkChanged((s) => {
        s.nodes.push({ label: 'S', parent: G, kind: NodeKind.section, flags: 0, box: [110, 140, 60, 25], shape: [110, 140, 60, 25], shapeKind: ShapeKind.none });
        s.nodes.push({ label: 'D', parent: 5, kind: NodeKind.op, flags: 0, box: [150, 145, 30, 10], shape: [150, 145, 30, 10], shapeKind: ShapeKind.rect });
      });
      expect(rules(r.violations)).toEqual(['outside-parent']);
    });

    it('allows the tolerance', () => {
      expect(checkChanged((s) => (s.nodes[C]!.box = [210.4, 100, 40, 30])).ok).toBe(true);
    });
  });

  describe('edge-endpoint', () => {
    it('accepts any point of an ellipse, and rejects the corner of its box', () => {
      // Into C (ellipse, centre (200, 115), radii 10 × 5) from the left: (190, 115).
      expect(checkChanged((s) => (s.edges[1]!.points = [140, 72, 190, 115])).ok).toBe(true);
      // At 45° on the ellipse: (200 + 10/√2, 115 − 5/√2).
      expect(checkChanged((s) => (s.edges[1]!.points = [140, 72, 230, 90, 200 + 10 / Math.SQRT2, 115 - 5 / Math.SQRT2])).ok).toBe(true);
      const r = checkChanged((s) => (s.edges[1]!.points = [140, 72, 170, 90, 190, 110]));
      expect(rules(r.violations)).toEqual(['edge-endpoint']);
      expect(r.violations[0]!.message).toMatch(/off C/);
    });

    it('reports an end off an ellipse, inside or outside', () => {
      expect(rules(checkChanged((s) => (s.edges[1]!.points = [140, 72, 170, 90, 200, 108])).violations)).toEqual(['edge-endpoint']);
      expect(rules(checkChanged((s) => (s.edges[1]!.points = [140, 72, 170, 90, 200, 113])).violations)).toEqual(['edge-endpoint']);
      expect(rules(checkChanged((s) => (s.edges[1]!.points = [140, 72, 170, 90, 200, 115])).violations)).toEqual(['edge-endpoint']);
      // 1 px from the centre: 4 px from the outline along the ray.
      expect(rules(checkChanged((s) => (s.edges[1]!.points = [140, 72, 170, 90, 200, 114])).violations)).toEqual(['edge-endpoint']);
      // Within 1 px is fine.
      expect(checkChanged((s) => (s.edges[1]!.points = [140, 72, 170, 90, 200, 109.2])).ok).toBe(true);
    });

    it('reports a start off a rectangle shape, inside or outside', () => {
      expect(rules(checkChanged((s) => (s.edges[1]!.points = [140, 66, 170, 90, 200, 110])).violations)).toEqual(['edge-endpoint']);
      expect(rules(checkChanged((s) => (s.edges[1]!.points = [140, 75, 170, 90, 200, 110])).violations)).toEqual(['edge-endpoint']);
      // B's box (not its shape) is not where edges end: (140, 80) is on the box's bottom side.
      expect(rules(checkChanged((s) => (s.edges[1]!.points = [140, 80, 170, 90, 200, 110])).violations)).toEqual(['edge-endpoint']);
      // Any side of the shape is fine.
      expect(checkChanged((s) => (s.edges[1]!.points = [155, 66, 170, 90, 200, 110])).ok).toBe(true);
    });

    it('uses the border of an expanded node', () => {
      expect(rules(checkChanged((s) => (s.edges[0]!.points = [50, 35, 75, 35, 105, 35])).violations)).toEqual(['edge-endpoint']);
      expect(rules(checkChanged((s) => (s.edges[0]!.points = [50, 35, 75, 35, 97, 35])).violations)).toEqual(['edge-endpoint']);
      expect(checkChanged((s) => (s.edges[0]!.points = [50, 35, 75, 10, 120, 10, 120, 20])).ok).toBe(true); // top side
      // The box, whatever the shape says.
      const ellipse = (s: Scene) => {
        s.nodes[G]!.shapeKind = ShapeKind.ellipse;
        s.nodes[G]!.shape = [150, 60, 10, 10];
      };
      expect(checkChanged(ellipse).ok).toBe(true);
    });

    it('uses the owner’s border for bridge ends (v or w = −1)', () => {
      // Off the border, and so no longer where the root's edge arrives (or leaves).
      expect(rules(checkChanged((s) => (s.edges[2]!.points = [140, 165, 140, 72])).violations)).toEqual(['edge-endpoint', 'bridge-continuity']);
      expect(rules(checkChanged((s) => (s.edges[3]!.points = [200, 110, 200, 26])).violations)).toEqual(['edge-endpoint', 'bridge-continuity']);
      // The right side, with the root's edge leaving there.
      const right = (s: Scene) => {
        s.edges[3]!.points = [200, 110, 250, 60];
        s.edges[5]!.points = [250, 60, 270, 10, 40, 10, 40, 30];
      };
      expect(checkChanged(right).ok).toBe(true);
    });

    it('reports an edge with fewer than 2 points', () => {
      const r = checkChanged((s) => (s.edges[1]!.points = [140, 72]));
      expect(rules(r.violations)).toEqual(['edge-endpoint']);
      expect(r.violations[0]!.message).toContain('1 points');
      expect(rules(checkChanged((s) => (s.edges[1]!.points = [])).violations)).toEqual(['edge-endpoint']);
    });

    it('reports both ends when both are off', () => {
      expect(rules(checkChanged((s) => (s.edges[1]!.points = [140, 66, 200, 113])).violations)).toEqual(['edge-endpoint', 'edge-endpoint']);
    });
  });

  describe('edge-outside-group', () => {
    it('reports a route leaving its group, once per edge', () => {
      const r = checkChanged((s) => (s.edges[1]!.points = [140, 72, 170, 190, 175, 195, 200, 90, 200, 110]));
      expect(rules(r.violations)).toEqual(['edge-outside-group']);
      expect(r.violations[0]!.message).toMatch(/leaves G/);
      expect(rules(checkChanged((s) => (s.edges[1]!.points = [140, 72, 90, 90, 200, 90, 200, 110])).violations)).toEqual(['edge-outside-group']);
    });

    it('allows 1 px, and does not check edges of the root', () => {
      expect(checkChanged((s) => (s.edges[1]!.points = [140, 72, 170, 170.8, 200, 100, 200, 110])).ok).toBe(true);
      expect(checkChanged((s) => (s.edges[0]!.points = [50, 35, 75, -40, 80, 35, 100, 35])).ok).toBe(true);
    });
  });

  describe('annotation-overlap', () => {
    it('reports an annotation over its host’s shape', () => {
      const r = checkChanged((s) => (s.anns[0]!.box = [28, 33, 4, 4]));
      expect(rules(r.violations)).toEqual(['annotation-overlap']);
      expect(r.violations[0]!.message).toMatch(/const overlaps A/);
    });

    it('compares with the shape, not the box, and allows touching', () => {
      expect(checkChanged((s) => (s.anns[0]!.box = [26, 33, 4, 4])).ok).toBe(true); // right side at the shape's left
      expect(checkChanged((s) => (s.anns[0]!.box = [22, 22, 6, 4])).ok).toBe(true); // inside A's box
    });

    it('checks the annotation against its own host only', () => {
      // Over B's shape but hosted by A (whose shape it does not touch).
      expect(checkChanged((s) => (s.anns[0]!.box = [130, 62, 4, 4])).ok).toBe(true);
      expect(rules(checkChanged((s) => s.anns.push({ host: B, box: [130, 62, 4, 4], label: 'x' })).violations)).toEqual(['annotation-overlap']);
    });
  });

  describe('bridge-continuity', () => {
    it('reports a bridge whose border end no edge outside continues', () => {
      // Still on G's border (bottom side), but 10 px from where A → G arrives.
      const r = checkChanged((s) => (s.edges[2]!.points = [150, 170, 140, 72]));
      expect(rules(r.violations)).toEqual(['bridge-continuity']);
      expect(r.violations[0]!.message).toMatch(/bridge edge 2 .* of G ends at \(150\.0, 170\.0\)/);
      // The outbound one: the root's edge leaves G elsewhere.
      expect(rules(checkChanged((s) => (s.edges[5]!.points = [210, 20, 210, 10, 40, 10, 40, 30])).violations)).toEqual(['bridge-continuity']);
    });

    it('matches direction and node: an edge arriving at the point does not continue an outbound bridge', () => {
      // The root edge from (200, 20) now arrives at G there instead of leaving it.
      const r = checkChanged((s) => {
        s.edges[5] = { owner: ROOT, v: A, w: G, points: [40, 30, 40, 10, 200, 10, 200, 20] };
      });
      expect(rules(r.violations)).toEqual(['bridge-continuity']);
      expect(r.violations[0]!.message).toMatch(/where no edge leaves outside/);
    });

    it('accepts a shared border point, within 0.01 px', () => {
      expect(
        checkChanged((s) => {
          // Another bridge from the same border point, to C.
          s.edges.push({ owner: G, v: -1, w: C, points: [140, 170, 200, 120] });
          s.edges[4]!.points = [40, 40, 40, 185, 140.008, 185, 140.008, 170];
        }).ok,
      ).toBe(true);
    });

    it('ignores the flags: any edge with a border end is a bridge part, and only those', () => {
      // The flag is for drawing; the check reads v/w = −1. Unflagged, and not continued outside:
      const r = checkChanged((s) => {
        s.edges.push({ owner: G, v: -1, w: C, points: [180, 170, 200, 120] });
      });
      expect(rules(r.violations)).toEqual(['bridge-continuity']);
      // Flagged but between two nodes (B → C): nothing to continue.
      expect(checkChanged((s) => (s.edges[1]!.flags = EdgeFlag.bridge)).ok).toBe(true);
      // Flagged and continued: fine too.
      expect(checkChanged((s) => (s.edges[2]!.flags = EdgeFlag.bridge)).ok).toBe(true);
    });
  });

  describe('edge-crosses-annotation', () => {
    // A's in-annotation: the glyph left of the shape, its label ending 2 px left of the glyph.
    const labelled = (s: Scene) => {
      s.anns[0] = { host: A, box: [22, 33, 4, 4], label: 'const', side: 0, labelXY: [20, 35] };
    };
    const labelW = roboto.width('const', 5);

    it('accepts edges that keep clear of their endpoints’ annotations', () => {
      expect(checkChanged(labelled).ok).toBe(true);
    });

    it('reports an edge of the host through the glyph, and through the label', () => {
      const glyph = checkChanged((s) => {
        labelled(s);
        s.edges[0]!.points = [30, 35, 24, 35, 24, 60, 100, 60];
      });
      expect(rules(glyph.violations)).toEqual(['edge-crosses-annotation']);
      expect(glyph.violations[0]!.message).toMatch(/edge 0 \(A → G\) crosses the glyph of annotation const of A/);
      const label = checkChanged((s) => {
        labelled(s);
        // Up into the label's middle from below, and back down (clear of the glyph).
        s.edges[0]!.points = [40, 40, 40, 50, 20 - labelW / 2, 50, 20 - labelW / 2, 35.5, 20 - labelW / 2, 55, 90, 55, 90, 35, 100, 35];
      });
      expect(rules(label.violations)).toEqual(['edge-crosses-annotation']);
      expect(label.violations[0]!.message).toMatch(/crosses the label of annotation const/);
    });

    it('checks both ends of an edge', () => {
      // The root edge G → A, arriving at A through its glyph.
      const r = checkChanged((s) => {
        labelled(s);
        s.edges[5]!.points = [200, 20, 200, 10, 24, 10, 24, 45, 32, 38];
      });
      expect(rules(r.violations)).toEqual(['edge-crosses-annotation']);
      expect(r.violations[0]!.message).toMatch(/\(G → A\)/);
    });

    it('allows touching within the tolerance, and an ellipsis has a label but no glyph', () => {
      // Along the glyph's right side (x = 26) and 0.4 px into it.
      expect(checkChanged((s) => (labelled(s), (s.edges[0]!.points = [30, 35, 26, 35, 26, 60, 100, 60]))).ok).toBe(true);
      expect(checkChanged((s) => (labelled(s), (s.edges[0]!.points = [30, 35, 25.6, 35, 25.6, 60, 100, 60]))).ok).toBe(true);
      expect(checkChanged((s) => (labelled(s), (s.edges[0]!.points = [30, 35, 25.4, 35, 25.4, 60, 100, 60]))).ok).toBe(false);
      const ellipsis = (s: Scene) => {
        labelled(s);
        s.anns[0]!.type = AnnotationType.ellipsis;
        s.anns[0]!.label = '... 3 more';
      };
      expect(checkChanged((s) => (ellipsis(s), (s.edges[0]!.points = [30, 35, 24, 35, 24, 60, 100, 60]))).ok).toBe(true);
      expect(checkChanged((s) => (ellipsis(s), (s.edges[0]!.points = [30, 35, 15, 35, 15, 60, 100, 60]))).ok).toBe(false);
    });

    it('leaves other nodes’ annotations to annotationCrossings with scope "group"', () => {
      // B → C through A's glyph? They are in G, A is in the root: another group. Use a root edge
      // that does not touch A: G → border is not a thing at the root, so add one from G to G.
      const scene = (s: Scene) => {
        labelled(s);
        s.nodes.push({ label: 'D', parent: ROOT, kind: NodeKind.op, flags: 0, box: [20, 150, 20, 10], shape: [20, 150, 20, 10], shapeKind: ShapeKind.rect });
        s.edges.push({ owner: ROOT, v: 5, w: G, points: [30, 150, 24, 36, 100, 36] });
      };
      const r = checkChanged(scene);
      expect(r.ok).toBe(true);
      const s = validScene();
      scene(s);
      const g = geometry(s);
      expect(annotationCrossings(g, { scope: 'endpoints' })).toEqual([]);
      expect(annotationCrossings(g, { scope: 'group' })).toEqual([{ edge: 6, annotation: 0, part: 'glyph' }]);
      // Annotations of nodes in other groups do not count: G's edges never meet A's annotation.
      s.edges[1]!.points = [140, 72, 24, 35, 200, 110];
      expect(annotationCrossings(geometry(s), { scope: 'group' })).toEqual([{ edge: 6, annotation: 0, part: 'glyph' }]);
    });

    it('finds crossings of long segments through the grid', () => {
      const s = validScene();
      labelled(s);
      s.nodes[ROOT]!.box = [0, 0, 3000, 3000];
      s.nodes.push({ label: 'D', parent: ROOT, kind: NodeKind.op, flags: 0, box: [2900, 2900, 20, 10], shape: [2900, 2900, 20, 10], shapeKind: ShapeKind.rect });
      // From far away, diagonally through the glyph (24, 35), and on.
      s.edges.push({ owner: ROOT, v: 5, w: G, points: [2900, 2905, 24 - 2876 / 100, 35 - 2870 / 100, 24 + 2876 / 100, 35 + 2870 / 100, 100, 60] });
      expect(annotationCrossings(geometry(s), { scope: 'group' })).toEqual([{ edge: 6, annotation: 0, part: 'glyph' }]);
    });

    it('can check the drawn B-spline instead of the polyline', () => {
      // Over the glyph between two long legs: the polyline goes round it (0.4 px above it, within
      // the tolerance), the basis curve cuts the corners into it.
      const corner = (s: Scene) => {
        labelled(s);
        s.edges[0]!.points = [40, 40, 27, 60, 27, 32.6, 21, 32.6, 21, 60, 90, 60, 90, 35, 100, 35];
      };
      const s = validScene();
      corner(s);
      expect(checkChanged(corner).ok).toBe(true);
      expect(annotationCrossings(geometry(s), { scope: 'endpoints', curve: true }).length).toBeGreaterThan(0);
    });
  });

  describe('edge-crosses-label', () => {
    // G's title, one line of 9 px text centred on its anchor, 20 px below G's top side. The
    // bridge C → border runs up at x = 200 through G's label band.
    const titleW = roboto.width('gradients', 9);
    const titleH = roboto.lineHeight(9);
    const titled = (x: number, align: number = LabelAlign.middle) => (s: Scene) => {
      s.nodes[G]!.label = 'gradients';
      s.nodes[G]!.labelXY = [x, 40];
      s.nodes[G]!.labelPx = 9;
      s.nodes[G]!.labelAlign = align;
    };

    it('accepts titles clear of every edge', () => {
      expect(checkChanged(titled(150)).ok).toBe(true);
      // Its right end 1.5 px left of the 1 px stroke at x = 200.
      expect(checkChanged(titled(198.5 - titleW / 2)).ok).toBe(true);
    });

    it('reports an edge through a title: a bridge up through the label band', () => {
      const r = checkChanged(titled(200));
      expect(rules(r.violations)).toEqual(['edge-crosses-label']);
      expect(r.violations[0]!.message).toBe('edge 3 (C → border) crosses the title of gradients with its stroke');
      // Left- and right-aligned titles are measured from their anchor.
      expect(rules(checkChanged(titled(190, LabelAlign.start)).violations)).toEqual(['edge-crosses-label']);
      expect(checkChanged(titled(190, LabelAlign.end)).ok).toBe(true);
      expect(rules(checkChanged(titled(210, LabelAlign.end)).violations)).toEqual(['edge-crosses-label']);
    });

    it('counts the stroke’s width and the arrowhead', () => {
      const near = titled(198.5 - titleW / 2);
      // A 6 px stroke (with its 13 px arrowhead) reaches 3 px either side of its line.
      expect(rules(checkChanged((s) => (near(s), Object.assign(s.edges[3]!, { width: 6, arrow: 13 }))).violations)).toEqual(['edge-crosses-label']);
      // A 20 px arrowhead at the border (tip at y = 20, 20 px wide at y = 40) reaches over the
      // title's right end, which the 1 px stroke does not.
      const r = checkChanged((s) => (near(s), (s.edges[3]!.arrow = 20)));
      expect(r.violations.map((v) => v.message)).toEqual(['edge 3 (C → border) crosses the title of gradients with its arrowhead']);
    });

    it('checks the drawn B-spline, not only the route', () => {
      // The route turns round the title's lower right corner 1 px off it (and the root's edge
      // goes on from there); the curve cuts the corner.
      const [right, bottom] = [150 + titleW / 2, 40 + titleH / 2];
      const corner = (s: Scene) => {
        titled(150)(s);
        s.edges[3]!.points = [200, 110, 120, 90, 110, bottom + 1, right + 1, bottom + 1, right + 1, 20];
        s.edges[5]!.points = [right + 1, 20, right + 1, 10, 40, 10, 40, 30];
      };
      const r = checkChanged(corner);
      expect(rules(r.violations)).toEqual(['edge-crosses-label']);
      // The polyline alone is clear of it.
      const s = validScene();
      corner(s);
      const pts = s.edges[3]!.points;
      const box: [number, number, number, number] = [150 - titleW / 2, 40 - titleH / 2, titleW, titleH];
      for (let i = 0; i + 3 < pts.length; i += 2) expect(segmentCrossesRect(pts[i]!, pts[i + 1]!, pts[i + 2]!, pts[i + 3]!, box, 0.5)).toBe(false);
    });

    it('checks every edge against every expanded group’s title, and no other label', () => {
      // The root's edge G → A leaves G's top at x = 200: a title across G's top side meets it too.
      const r = checkChanged((s) => {
        titled(200)(s);
        s.nodes[G]!.labelXY = [200, 22];
      });
      expect(r.violations.map((v) => v.message)).toEqual([
        'edge 3 (C → border) crosses the title of gradients with its stroke',
        'edge 5 (gradients → A) crosses the title of gradients with its stroke',
      ]);
      // Labels of collapsed nodes and of the root are not titles.
      const op = (s: Scene) => Object.assign(s.nodes[C]!, { label: 'C', labelXY: [200, 60], labelPx: 9 });
      expect(checkChanged(op).ok).toBe(true);
      expect(checkChanged((s) => Object.assign(s.nodes[ROOT]!, { label: 'root', labelXY: [120, 185], labelPx: 9 })).ok).toBe(true);
    });

    it('finds a crossing of a long edge through the grid', () => {
      const s = validScene();
      titled(150)(s);
      s.nodes[ROOT]!.box = [0, 0, 3000, 3000];
      s.nodes.push({ label: 'D', parent: ROOT, kind: NodeKind.op, flags: 0, box: [2900, 2900, 20, 10], shape: [2900, 2900, 20, 10], shapeKind: ShapeKind.rect });
      // From far away, up, then along one straight line through the title into A's right side
      // (points on the line, so that the curve stays on it).
      const on = (t: number) => [2910 - 2860 * t, 40 - 5 * t];
      s.edges.push({ owner: ROOT, v: 5, w: A, points: [2910, 2900, 2910, 52, ...on(0), ...on(0.01), ...on(0.99), ...on(1)] });
      const r = checkInvariants(geometry(s));
      expect(r.violations.map((v) => v.message)).toEqual(['edge 6 (D → A) crosses the title of gradients with its stroke']);
    });
  });

  describe('arrowhead-off-target', () => {
    it('reports a last segment shorter than the arrowhead: a bend just before the node', () => {
      // B → C turns 1.4 px before C's top (TB's tip then points along that stub, beside the edge).
      const r = checkChanged((s) => (s.edges[1]!.points = [140, 72, 199, 109, 200, 110]));
      expect(rules(r.violations)).toEqual(['arrowhead-off-target']);
      expect(r.violations[0]!.message).toBe('the arrowhead of edge 1 (B → C) (5 px) follows a straight run of only 1.41 px');
    });

    it('measures the straight run through collinear points, whatever the edge width', () => {
      const run10 = [140, 72, 200, 100, 200, 104, 200, 107, 200, 110];
      expect(checkChanged((s) => (s.edges[1]!.points = run10)).ok).toBe(true);
      // A thick edge's 20 px arrowhead needs 20 px.
      const thick = (pts: number[]) => (s: Scene) => Object.assign(s.edges[1]!, { points: pts, width: 12, arrow: 20 });
      expect(rules(checkChanged(thick(run10)).violations)).toEqual(['arrowhead-off-target']);
      expect(checkChanged(thick([140, 72, 200, 80, 200, 104, 200, 110])).ok).toBe(true);
    });

    it('reports an arrowhead that does not point into its node', () => {
      // Into C's top point (200, 110): along the outline, from inside, and at 60° / 70° from the normal.
      const into = (x: number, y: number) => (s: Scene) => (s.edges[1]!.points = [140, 72, x, y, 200, 110]);
      const along = checkChanged(into(150, 110));
      expect(rules(along.violations)).toEqual(['arrowhead-off-target']);
      expect(along.violations[0]!.message).toBe('the arrowhead of edge 1 (B → C) meets the outline at 90° from its normal');
      expect(checkChanged((s) => (s.edges[1]!.points = [140, 72, 200, 130, 200, 110])).violations[0]!.message).toMatch(/at 180° from its normal/);
      const deg = Math.PI / 180;
      expect(checkChanged(into(200 - 20 * Math.sin(60 * deg), 110 - 20 * Math.cos(60 * deg))).ok).toBe(true);
      expect(rules(checkChanged(into(200 - 20 * Math.sin(70 * deg), 110 - 20 * Math.cos(70 * deg))).violations)).toEqual(['arrowhead-off-target']);
    });

    it('uses the border of an expanded node, and the owner’s border (pointing out) for bridge pieces', () => {
      // A → G along G's left side.
      expect(rules(checkChanged((s) => (s.edges[0]!.points = [50, 35, 100, 20, 100, 35])).violations)).toEqual(['arrowhead-off-target']);
      // C → border reaching G's top border sideways.
      expect(rules(checkChanged((s) => (s.edges[3]!.points = [200, 110, 200, 60, 150, 30, 200, 20])).violations)).toEqual(['arrowhead-off-target']);
      // Straight up into the top border, and at 45° to it: fine.
      expect(checkChanged((s) => (s.edges[3]!.points = [200, 110, 180, 40, 200, 20])).ok).toBe(true);
    });

    it('reports a stroke wider than its arrowhead covers', () => {
      const r = checkChanged((s) => (s.edges[1]!.width = 12));
      expect(r.violations.map((v) => v.message)).toEqual(['the arrowhead of edge 1 (B → C) does not cover the end of its 12.00 px stroke']);
      expect(checkChanged((s) => Object.assign(s.edges[1]!, { width: 12, arrow: 20 })).ok).toBe(true);
    });
  });

  describe('limits', () => {
    /** The valid scene plus `k` equal ops stacked on one spot in G: k(k−1)/2 overlaps. */
    const stacked = (k: number) => (s: Scene) => {
      for (let i = 0; i < k; i++) s.nodes.push({ label: `P${i}`, parent: G, kind: NodeKind.op, flags: 0, box: [200, 30, 20, 10], shape: [200, 30, 20, 10], shapeKind: ShapeKind.rect });
    };

    it('lists at most maxViolations and counts the rest', () => {
      const r = checkChanged(stacked(10), { maxViolations: 7 });
      expect(r.ok).toBe(false);
      expect(r.violations.length).toBe(7);
      expect(r.more).toBe(45 - 7);
      expect(new Set(rules(r.violations))).toEqual(new Set(['sibling-overlap']));
    });

    it('lists 50 by default', () => {
      const r = checkChanged(stacked(12));
      expect(r.violations.length).toBe(50);
      expect(r.more).toBe(66 - 50);
    });

    it('counts violations of every rule together', () => {
      const r = checkChanged(
        (s) => {
          s.nodes[C]!.box = [230, 100, 40, 30];
          s.edges[1]!.points = [140, 66, 170, 190, 200, 90, 200, 110];
          s.anns[0]!.box = [28, 33, 4, 4];
        },
        { maxViolations: 2 },
      );
      expect(r.violations.length).toBe(2);
      expect(r.more).toBe(2);
      expect(r.ok).toBe(false);
      const all = checkChanged((s) => {
        s.nodes[C]!.box = [230, 100, 40, 30];
        s.edges[1]!.points = [140, 66, 170, 190, 200, 90, 200, 110];
        s.anns[0]!.box = [28, 33, 4, 4];
      });
      expect(rules(all.violations).sort()).toEqual(['annotation-overlap', 'edge-endpoint', 'edge-outside-group', 'outside-parent']);
    });

    // With maxViolations 0 every violation is only counted in `more`: the report still says not ok.
    it('reports ok: false when every violation is only counted (maxViolations 0)', () => {
      const r = checkChanged(stacked(2), { maxViolations: 0 });
      expect(r.violations).toEqual([]);
      expect(r.more).toBe(1);
      expect(r.ok).toBe(false);
    });
  });
});

describe('segmentCrossesRect', () => {
  const r: [number, number, number, number] = [10, 10, 20, 10];
  it('finds segments through, into and inside the rectangle', () => {
    expect(segmentCrossesRect(0, 15, 40, 15, r, 0)).toBe(true);
    expect(segmentCrossesRect(0, 0, 20, 15, r, 0)).toBe(true);
    expect(segmentCrossesRect(12, 12, 14, 14, r, 0)).toBe(true);
    expect(segmentCrossesRect(0, 0, 40, 40, r, 0)).toBe(true); // the diagonal cuts a corner region
  });

  it('ignores segments outside, along a side, or touching within the tolerance', () => {
    expect(segmentCrossesRect(0, 5, 40, 5, r, 0)).toBe(false);
    expect(segmentCrossesRect(0, 10, 40, 10, r, 0)).toBe(false); // along the top side
    expect(segmentCrossesRect(0, 10.4, 40, 10.4, r, 0.5)).toBe(false);
    expect(segmentCrossesRect(0, 10.6, 40, 10.6, r, 0.5)).toBe(true);
    expect(segmentCrossesRect(0, 30, 30, 0, r, 0)).toBe(true);
    expect(segmentCrossesRect(0, 20, 20, 0, r, 0)).toBe(false); // through the corner (10, 10) only
  });

  it('handles points and a rectangle shrunk to nothing', () => {
    expect(segmentCrossesRect(15, 15, 15, 15, r, 0)).toBe(true);
    expect(segmentCrossesRect(5, 15, 5, 15, r, 0)).toBe(false);
    expect(segmentCrossesRect(0, 15, 40, 15, [10, 10, 0.8, 10], 0.5)).toBe(false);
  });
});

describe('sampledCurve', () => {
  it('starts and ends on the polyline’s ends and stays inside its hull', () => {
    const pts = [0, 0, 10, 0, 10, 10, 20, 10];
    const c = sampledCurve(pts);
    expect(c.slice(0, 2)).toEqual([0, 0]);
    expect(c.slice(-2)).toEqual([20, 10]);
    for (let i = 0; i < c.length; i += 2) {
      expect(c[i]).toBeGreaterThanOrEqual(0);
      expect(c[i]).toBeLessThanOrEqual(20);
      expect(c[i + 1]).toBeGreaterThanOrEqual(0);
      expect(c[i + 1]).toBeLessThanOrEqual(10);
    }
    // It cuts the corner at (10, 0): the knot (P0 + 4 P1 + P2) / 6 = (8.33, 1.67) is on it.
    let nearest = Infinity;
    for (let i = 0; i < c.length; i += 2) nearest = Math.min(nearest, Math.hypot(c[i]! - 10, c[i + 1]!));
    expect(nearest).toBeCloseTo(Math.hypot(10 - 50 / 6, 10 / 6), 1);
    expect(sampledCurve([1, 2, 3, 4])).toEqual([1, 2, 3, 4]);
  });
});
