/**
 * The columns of a Geometry while it is built: plain arrays that grow, turned into typed arrays
 * at the end. A node is added in four parts, in this order: `add`, `box`, `shape`, `label`.
 */
import type { EdgeFlags, GeometryAnnotations, GeometryEdges, GeometryNodes, LabelAlign, NodeFlags, NodeKind, ShapeKind } from './types.js';

export class NodeColumns {
  private readonly ref: number[] = [];
  readonly parent: number[] = [];
  private readonly kind: number[] = [];
  private readonly flags: number[] = [];
  private readonly boxes: number[] = [];
  private readonly shapes: number[] = [];
  private readonly shapeKind: number[] = [];
  private readonly radius: number[] = [];
  private readonly labels: string[] = [];
  private readonly labelXY: number[] = [];
  private readonly labelPx: number[] = [];
  private readonly labelAlign: number[] = [];

  /** Starts node `ref` (−1 for a section) in `parent` (−1 for the root); returns its index. */
  add(ref: number, parent: number, kind: NodeKind, flags: NodeFlags): number {
    this.ref.push(ref);
    this.parent.push(parent);
    this.kind.push(kind);
    this.flags.push(flags);
    return this.ref.length - 1;
  }

  /** The full box of the node just added. */
  box(x: number, y: number, w: number, h: number): void {
    this.boxes.push(x, y, w, h);
  }

  /** The drawn shape of the node just added. */
  shape(x: number, y: number, w: number, h: number, kind: ShapeKind, radius: number): void {
    this.shapes.push(x, y, w, h);
    this.shapeKind.push(kind);
    this.radius.push(radius);
  }

  /** The label of the node just added, at its anchor. */
  label(text: string, x: number, y: number, px: number, align: LabelAlign): void {
    this.labels.push(text);
    this.labelXY.push(x, y);
    this.labelPx.push(px);
    this.labelAlign.push(align);
  }

  finish(): GeometryNodes {
    return {
      count: this.ref.length,
      ref: Int32Array.from(this.ref),
      parent: Int32Array.from(this.parent),
      kind: Uint8Array.from(this.kind),
      flags: Uint16Array.from(this.flags),
      box: Float32Array.from(this.boxes),
      shape: Float32Array.from(this.shapes),
      shapeKind: Uint8Array.from(this.shapeKind),
      radius: Float32Array.from(this.radius),
      label: this.labels,
      labelXY: Float32Array.from(this.labelXY),
      labelPx: Float32Array.from(this.labelPx),
      labelAlign: Uint8Array.from(this.labelAlign),
    };
  }
}

export class EdgeColumns {
  private readonly owner: number[] = [];
  private readonly v: number[] = [];
  private readonly w: number[] = [];
  private readonly metaedge: number[] = [];
  private readonly flags: number[] = [];
  private readonly width: number[] = [];
  private readonly arrow: number[] = [];
  private readonly label: string[] = [];
  private readonly pointStart: number[] = [0];
  private readonly points: number[] = [];

  /** Adds an edge drawn in `owner` between geometry nodes v and w (−1: the owner's border), its points shifted by (dx, dy). */
  add(owner: number, v: number, w: number, metaedge: number, flags: EdgeFlags, width: number, arrow: number, label: string, points: readonly number[], dx: number, dy: number): void {
    this.owner.push(owner);
    this.v.push(v);
    this.w.push(w);
    this.metaedge.push(metaedge);
    this.flags.push(flags);
    this.width.push(width);
    this.arrow.push(arrow);
    this.label.push(label);
    for (let i = 0; i < points.length; i += 2) this.points.push(dx + points[i]!, dy + points[i + 1]!);
    this.pointStart.push(this.points.length / 2);
  }

  finish(): GeometryEdges {
    return {
      count: this.owner.length,
      owner: Int32Array.from(this.owner),
      v: Int32Array.from(this.v),
      w: Int32Array.from(this.w),
      metaedge: Int32Array.from(this.metaedge),
      flags: Uint8Array.from(this.flags),
      width: Float32Array.from(this.width),
      arrow: Float32Array.from(this.arrow),
      label: this.label,
      pointStart: Uint32Array.from(this.pointStart),
      points: Float32Array.from(this.points),
    };
  }
}

export class AnnotationColumns {
  readonly host: number[] = [];
  readonly side: number[] = [];
  readonly type: number[] = [];
  readonly target: number[] = [];
  readonly box: number[] = [];
  readonly shapeKind: number[] = [];
  readonly edgeFlags: number[] = [];
  readonly label: string[] = [];
  readonly labelXY: number[] = [];
  readonly edge: number[] = [];

  finish(): GeometryAnnotations {
    return {
      count: this.host.length,
      host: Int32Array.from(this.host),
      side: Uint8Array.from(this.side),
      type: Uint8Array.from(this.type),
      target: Int32Array.from(this.target),
      box: Float32Array.from(this.box),
      shapeKind: Uint8Array.from(this.shapeKind),
      edgeFlags: Uint8Array.from(this.edgeFlags),
      label: this.label,
      labelXY: Float32Array.from(this.labelXY),
      edge: Float32Array.from(this.edge),
    };
  }
}
