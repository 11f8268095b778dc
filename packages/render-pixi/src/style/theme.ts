/**
 * The colours of everything that is not a node's own paint: background, edges, labels,
 * selection, the expand button and the minimap, as 0xRRGGBB. They live in shader uniforms, so
 * a theme change redraws without rebuilding a buffer. `parseColor` reads the CSS values a host
 * element gets from its custom properties.
 */

/** How far a dark scene ('inverted' fills) lifts node outlines toward white after inverting them (the node shader's and Canvas 2D's). */
export const DARK_STROKE_LIFT = 0.35;

/** How node fills from the paint are shown: as painted, or with their lightness inverted (hue kept) for dark backgrounds. */
export type NodeFillMode = 'as-painted' | 'inverted';

export interface Theme {
  background: number;
  /** Data edges, control-only (dashed) edges, reference edges, and the short edges of annotations. */
  edge: number;
  controlEdge: number;
  refEdge: number;
  annotationEdge: number;
  /** Node and annotation labels, and the tensor shapes on edges. */
  label: number;
  edgeLabel: number;
  /** The selected node's outline. */
  selection: number;
  /** TensorBoard's expand button: the disc and its + / − sign. */
  expandButton: number;
  expandButtonSign: number;
  minimapBackground: number;
  minimapFrame: number;
  /** The outline of the part of the graph in view, on the minimap. */
  minimapViewport: number;
  /** How far the nodes and edges away from the hovered node fade toward the background (0–1). */
  fade: number;
  nodeFills: NodeFillMode;
}

/** TensorBoard's light scene (tensorboard-graph.md §9): edges #bbb, labels #444, a red selection. */
export const DEFAULT_THEME: Readonly<Theme> = Object.freeze({
  background: 0xffffff,
  edge: 0xbbbbbb,
  controlEdge: 0xbbbbbb,
  refEdge: 0xffb74d,
  annotationEdge: 0xaaaaaa,
  label: 0x444444,
  edgeLabel: 0x666666,
  selection: 0xff0000,
  expandButton: 0xe7811d,
  expandButtonSign: 0xffffff,
  minimapBackground: 0xffffff,
  minimapFrame: 0xbbbbbb,
  minimapViewport: 0xf57c00,
  fade: 0.55,
  nodeFills: 'as-painted',
});

/**
 * A dark scene. TensorBoard inverts its whole SVG; here the node fills keep their hue with their
 * lightness inverted, and reference edges, the selection and the button keep their colours.
 */
export const DARK_THEME: Readonly<Theme> = Object.freeze({
  background: 0x202124,
  edge: 0x6b6f75,
  controlEdge: 0x6b6f75,
  refEdge: 0xffb74d,
  annotationEdge: 0x5f6368,
  label: 0xdadce0,
  edgeLabel: 0xa8abb0,
  selection: 0xff5252,
  expandButton: 0xe7811d,
  expandButtonSign: 0xffffff,
  minimapBackground: 0x2b2c30,
  minimapFrame: 0x5f6368,
  minimapViewport: 0xffa726,
  fade: 0.6,
  nodeFills: 'inverted',
});

/** `base` with the given fields replaced (unknown or invalid values are ignored). */
export function mergeTheme(base: Readonly<Theme>, partial: Partial<Theme>): Theme {
  const out: Theme = { ...base };
  for (const key of Object.keys(base) as Array<keyof Theme>) {
    const v = partial[key];
    if (v === undefined) continue;
    if (key === 'nodeFills') {
      if (v === 'as-painted' || v === 'inverted') out.nodeFills = v;
    } else if (typeof v === 'number' && Number.isFinite(v)) {
      out[key] = key === 'fade' ? Math.min(1, Math.max(0, v)) : (v & 0xffffff) >>> 0;
    }
  }
  return out;
}

/**
 * A CSS colour as 0xRRGGBB: `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, `rgb()`/`rgba()` (commas or
 * spaces, numbers or percentages), `white`, `black`; null for anything else (alpha is ignored).
 * Other forms (named colours, `hsl()`, `color-mix()`) are for the host to normalise, e.g. through
 * a 2D context's `fillStyle`.
 */
export function parseColor(css: string): number | null {
  const s = css.trim().toLowerCase();
  if (s === 'white') return 0xffffff;
  if (s === 'black') return 0;
  const hex = /^#([0-9a-f]{3,8})$/.exec(s)?.[1];
  if (hex) {
    if (hex.length === 3 || hex.length === 4) return parseInt(hex.slice(0, 3).replace(/./g, (c) => c + c), 16);
    if (hex.length === 6 || hex.length === 8) return parseInt(hex.slice(0, 6), 16);
    return null;
  }
  const fn = /^rgba?\(([^)]*)\)$/.exec(s)?.[1];
  if (!fn) return null;
  const parts = fn.split(/[\s,/]+/).filter(Boolean).slice(0, 3);
  if (parts.length < 3) return null;
  const channels = parts.map((p) => (p.endsWith('%') ? (parseFloat(p) * 255) / 100 : parseFloat(p)));
  if (channels.some((c) => !Number.isFinite(c))) return null;
  const [r, g, b] = channels.map((c) => Math.round(Math.min(255, Math.max(0, c)))) as [number, number, number];
  return (r << 16) | (g << 8) | b;
}
