/**
 * A standalone SVG of a geometry, in TensorBoard's visual language (tensorboard-graph.md §9):
 * grey groups, white op ellipses, series stamps, B-spline edges with size-scaled widths and
 * arrowheads, dashed control edges, orange reference edges, shape labels along edges, and
 * annotations. Pure: a string in, a string out; runs in Node, workers and browsers.
 */
import { arrowAtEnd, basisPath, round } from '../geometry/curves.js';
import { AnnotationSide, AnnotationType, EdgeFlag, LabelAlign, NodeFlag, NodeKind, ShapeKind, type Geometry } from '../geometry/types.js';

export interface SvgStyle {
  /** CSS font family; the layout measured labels with Roboto. */
  fontFamily: string;
  /** An `@font-face` rule to embed (e.g. Roboto as a data URL) so the file renders the same everywhere. */
  fontFaceCss: string;
  /** Fill of node i (collapsed nodes), or null for the default of its kind. This is where colour modes plug in. */
  fill: ((i: number) => string | null) | null;
  background: string;
  /** Draw edge shape labels. */
  edgeLabels: boolean;
  /** Draw the outlines of sections of split groups. */
  sections: boolean;
  /** Extra margin around the drawing. */
  margin: number;
}

export const DEFAULT_SVG_STYLE: SvgStyle = {
  fontFamily: 'Roboto, sans-serif',
  fontFaceCss: '',
  fill: null,
  background: '#ffffff',
  edgeLabels: true,
  sections: true,
  margin: 10,
};

const COLORS = {
  meta: '#d9d9d9',
  metaStroke: '#a6a6a6',
  expanded: '#f0f0f0',
  expandedStroke: '#bdbdbd',
  op: '#ffffff',
  opStroke: '#cccccc',
  edge: '#bbbbbb',
  reference: '#ffb74d',
  label: '#444444',
  edgeLabel: '#666666',
  annotation: '#aaaaaa',
  annotationGlyph: '#848484',
  section: '#d5d5d5',
  fnInput: '#795548',
  fnOutput: '#009688',
  missing: '#db4437',
};

function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Darker stroke for a fill, as TensorBoard does (d3.rgb(fill).darker()). */
function darker(hex: string): string {
  const m = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!m) return '#888888';
  const v = parseInt(m[1]!, 16);
  const ch = (s: number) => Math.round(((v >> s) & 255) * 0.7);
  return `#${[16, 8, 0].map((s) => ch(s).toString(16).padStart(2, '0')).join('')}`;
}

function shapeSvg(kind: ShapeKind, x: number, y: number, w: number, h: number, r: number, fill: string, stroke: string, extra = ''): string {
  const f = round;
  switch (kind) {
    case ShapeKind.ellipse:
      return `<ellipse cx="${f(x + w / 2)}" cy="${f(y + h / 2)}" rx="${f(w / 2)}" ry="${f(h / 2)}" fill="${fill}" stroke="${stroke}"${extra}/>`;
    case ShapeKind.rect:
      return `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" rx="${f(r)}" fill="${fill}" stroke="${stroke}"${extra}/>`;
    case ShapeKind.triangleIn:
    case ShapeKind.triangleOut: {
      // Input args point up into the body; outputs point up out of it — both follow the flow.
      const pts = [x + w / 2, y, x + w, y + h, x, y + h];
      return `<polygon points="${pts.map(f).join(' ')}" fill="${fill}" stroke="${stroke}"${extra}/>`;
    }
    case ShapeKind.seriesVertical:
    case ShapeKind.seriesHorizontal: {
      // Three small stacked ellipses, TensorBoard's series stamp.
      const vertical = kind === ShapeKind.seriesVertical;
      const ew = vertical ? w * 0.47 : w / 3;
      const eh = vertical ? h / 4.3 : h * 0.38;
      let out = '';
      for (let k = 0; k < 3; k++) {
        const cx = vertical ? x + w / 2 : x + w / 3 + (k * w) / 6;
        const cy = vertical ? y + h - eh / 2 - (k * (h - eh)) / 2 : y + h / 2 + (1 - k) * (h * 0.15);
        out += `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(ew / 2)}" ry="${f(eh / 2)}" fill="${fill}" stroke="${stroke}"${extra}/>`;
      }
      return out;
    }
    default:
      return '';
  }
}

function text(x: number, y: number, px: number, align: LabelAlign, s: string, fill: string): string {
  if (!s) return '';
  const anchor = align === LabelAlign.end ? 'end' : align === LabelAlign.start ? 'start' : 'middle';
  return `<text x="${round(x)}" y="${round(y)}" font-size="${round(px)}" text-anchor="${anchor}" dominant-baseline="central" fill="${fill}">${esc(s)}</text>`;
}

export function toSVG(g: Geometry, style: Partial<SvgStyle> = {}): string {
  const st = { ...DEFAULT_SVG_STYLE, ...style };
  const m = st.margin;
  const W = g.width + 2 * m;
  const H = g.height + 2 * m;
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${round(W)}" height="${round(H)}" viewBox="${round(-m)} ${round(-m)} ${round(W)} ${round(H)}" font-family="${esc(st.fontFamily)}">`);
  if (st.fontFaceCss) out.push(`<style>${st.fontFaceCss}</style>`);
  out.push(`<rect x="${round(-m)}" y="${round(-m)}" width="${round(W)}" height="${round(H)}" fill="${st.background}"/>`);
  drawGroups(g, st, out);
  drawEdges(g, st, out);
  out.push('<g class="nodes" stroke-width="1">');
  drawNodes(g, st, out);
  drawAnnotations(g, out);
  out.push('</g>');
  out.push('</svg>');
  return out.join('\n');
}

/** x, y, width, height of rectangle i of a column of rectangles (4 numbers each). */
function rectAt(a: Float32Array, i: number): readonly [number, number, number, number] {
  return [a[4 * i]!, a[4 * i + 1]!, a[4 * i + 2]!, a[4 * i + 3]!];
}

/** 1. Expanded groups and sections, parents first (geometry order). */
function drawGroups(g: Geometry, st: SvgStyle, out: string[]): void {
  const n = g.nodes;
  out.push('<g class="groups">');
  for (let i = 0; i < n.count; i++) {
    const f = n.flags[i]!;
    if (f & NodeFlag.root) continue;
    if (n.kind[i] === NodeKind.section) {
      if (!st.sections) continue;
      const [x, y, w, h] = rectAt(n.box, i);
      out.push(`<rect class="section" x="${round(x)}" y="${round(y)}" width="${round(w)}" height="${round(h)}" rx="4" fill="none" stroke="${COLORS.section}" stroke-dasharray="3,3" stroke-width="0.75"/>`);
      continue;
    }
    if (!(f & NodeFlag.expanded)) continue;
    const [x, y, w, h] = rectAt(n.box, i);
    const series = n.kind[i] === NodeKind.series;
    out.push(
      shapeSvg(ShapeKind.rect, x, y, w, h, n.radius[i]!, series ? 'rgba(240,240,240,0.15)' : COLORS.expanded, series ? '#b3b3b3' : COLORS.expandedStroke, series ? ' stroke-dasharray="5,5"' : ''),
    );
    out.push(text(n.labelXY[2 * i]!, n.labelXY[2 * i + 1]!, n.labelPx[i]!, n.labelAlign[i]! as LabelAlign, n.label[i]!, COLORS.label));
  }
  out.push('</g>');
}

/** 2. Edges (below the nodes), with arrowheads and shape labels. */
function drawEdges(g: Geometry, st: SvgStyle, out: string[]): void {
  const e = g.edges;
  out.push('<g class="edges" fill="none" stroke-linecap="round">');
  const labels: string[] = [];
  for (let k = 0; k < e.count; k++) {
    const pts = Array.from(e.points.subarray(2 * e.pointStart[k]!, 2 * e.pointStart[k + 1]!));
    if (pts.length < 4) continue;
    const flags = e.flags[k]!;
    const color = flags & EdgeFlag.hasRef ? COLORS.reference : COLORS.edge;
    const width = e.width[k]!;
    const { triangle, trimmed } = arrowAtEnd(pts, e.arrow[k]!, width);
    const dash = flags & EdgeFlag.controlOnly ? ' stroke-dasharray="2,2"' : '';
    out.push(`<path id="e${k}" d="${basisPath(trimmed)}" stroke="${color}" stroke-width="${round(width)}"${dash}/>`);
    out.push(`<polygon points="${triangle.map(round).join(' ')}" fill="${color}" stroke="none"/>`);
    if (st.edgeLabels && e.label[k]) edgeLabel(k, trimmed, e.label[k]!, labels);
  }
  out.push('</g>');
  if (labels.length) out.push(`<g class="edge-labels">${labels.join('')}</g>`);
}

/**
 * The shape label of edge k along its path. Text follows its path's direction: it runs along a
 * reversed copy when the edge goes leftwards, so that labels are never upside down.
 */
function edgeLabel(k: number, trimmed: readonly number[], label: string, labels: string[]): void {
  let href = `e${k}`;
  if (trimmed[trimmed.length - 2]! < trimmed[0]!) {
    const rev: number[] = [];
    for (let i = trimmed.length - 2; i >= 0; i -= 2) rev.push(trimmed[i]!, trimmed[i + 1]!);
    href = `l${k}`;
    labels.push(`<path id="${href}" d="${basisPath(rev)}" fill="none" stroke="none"/>`);
  }
  labels.push(`<text font-size="3.5" fill="${COLORS.edgeLabel}" dy="-1"><textPath href="#${href}" startOffset="50%" text-anchor="middle">${esc(label)}</textPath></text>`);
}

/** 3. Collapsed nodes and their labels. */
function drawNodes(g: Geometry, st: SvgStyle, out: string[]): void {
  const n = g.nodes;
  for (let i = 0; i < n.count; i++) {
    const f = n.flags[i]!;
    if (f & NodeFlag.expanded || n.kind[i] === NodeKind.section) continue;
    const [x, y, w, h] = rectAt(n.shape, i);
    const kind = n.kind[i]!;
    const custom = st.fill?.(i) ?? null;
    let fill = custom ?? (kind === NodeKind.meta ? COLORS.meta : COLORS.op);
    if (!custom && n.shapeKind[i] === ShapeKind.triangleIn) fill = COLORS.fnInput;
    if (!custom && n.shapeKind[i] === ShapeKind.triangleOut) fill = COLORS.fnOutput;
    const stroke = f & NodeFlag.missing ? COLORS.missing : kind === NodeKind.op || kind === NodeKind.series ? (custom ? darker(custom) : COLORS.opStroke) : darker(fill);
    out.push(shapeSvg(n.shapeKind[i]! as ShapeKind, x, y, w, h, n.radius[i]!, fill, stroke, f & NodeFlag.missing ? ' stroke-dasharray="2,1"' : ''));
    out.push(text(n.labelXY[2 * i]!, n.labelXY[2 * i + 1]!, n.labelPx[i]!, n.labelAlign[i]! as LabelAlign, n.label[i]!, COLORS.label));
  }
}

/** 4. Annotations: the short edge with its arrowhead, the glyph and the label. */
function drawAnnotations(g: Geometry, out: string[]): void {
  const a = g.annotations;
  for (let k = 0; k < a.count; k++) {
    const [x1, y1, x2, y2] = rectAt(a.edge, k);
    const type = a.type[k]!;
    const side = a.side[k]!;
    if (type !== AnnotationType.ellipsis) {
      const dash = a.edgeFlags[k]! & EdgeFlag.controlOnly ? ' stroke-dasharray="1,1"' : '';
      const color = a.edgeFlags[k]! & EdgeFlag.hasRef ? COLORS.reference : COLORS.annotation;
      const { triangle, trimmed } = arrowAtEnd([x1, y1, x2, y2], 2.5);
      out.push(`<path d="M${round(trimmed[0]!)},${round(trimmed[1]!)}L${round(trimmed[2]!)},${round(trimmed[3]!)}" stroke="${color}" stroke-width="0.5"${dash}/>`);
      out.push(`<polygon points="${triangle.map(round).join(' ')}" fill="${color}"/>`);
      annotationGlyph(g, k, out);
    }
    out.push(text(a.labelXY[2 * k]!, a.labelXY[2 * k + 1]!, 5, side === AnnotationSide.in ? LabelAlign.end : LabelAlign.start, a.label[k]!, COLORS.label));
  }
}

/** The glyph of annotation k: a constant's ellipse, a summary's bar chart, a shortcut's copy of its target's shape. */
function annotationGlyph(g: Geometry, k: number, out: string[]): void {
  const a = g.annotations;
  const type = a.type[k]!;
  const [bx, by, bw, bh] = rectAt(a.box, k);
  if (type === AnnotationType.constant) out.push(shapeSvg(ShapeKind.ellipse, bx, by, bw, bh, 0, '#ffffff', COLORS.annotationGlyph, ' stroke-width="0.5"'));
  else if (type === AnnotationType.summary) {
    // A tiny bar chart: the summary icon.
    for (let j = 0; j < 3; j++) {
      const bar = bh * (0.4 + 0.3 * j);
      out.push(`<rect x="${round(bx + (j * bw) / 3)}" y="${round(by + bh - bar)}" width="${round(bw / 3 - 0.5)}" height="${round(bar)}" fill="${COLORS.annotationGlyph}"/>`);
    }
  } else if (type === AnnotationType.shortcut && a.shapeKind[k] !== ShapeKind.none) {
    out.push(shapeSvg(a.shapeKind[k]! as ShapeKind, bx, by, bw, bh, 1, '#ffffff', COLORS.annotationGlyph, ' stroke-width="0.5" stroke-dasharray="1,1"'));
  }
}
