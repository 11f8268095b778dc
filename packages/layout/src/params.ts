/**
 * Layout parameters. The defaults are TensorBoard's `layout.PARAMS` (tensorboard-graph.md §8.1)
 * mapped onto ELK (§8.4), with the few changes documented in the README: labels are measured
 * with the bundled font instead of 3 px per character, op labels may be longer, and the
 * auxiliary columns never overlap (#3878).
 */
import type { Direction } from './elk/task.js';

export interface LayoutParams {
  direction: Direction;
  /** ELK spacing (TB's dagre `nodesep`, `ranksep`, `edgesep`). */
  nodeSep: number;
  rankSep: number;
  edgeSep: number;
  /** Expanded metanode: padding on every side, the label band at the top. */
  metaPadding: number;
  metaLabelHeight: number;
  /** Expanded series: padding, label band. */
  seriesPadding: number;
  seriesLabelHeight: number;
  /** Gap between the core and the auxiliary columns (x), and between stacked auxiliary nodes (y). */
  extractXOffset: number;
  extractYOffset: number;
  /** Minimum width of the auxiliary area when there is one (TB's MIN_AUX_WIDTH). */
  minAuxWidth: number;
  /** Collapsed op shape and its label (above the shape). */
  opWidth: number;
  opHeight: number;
  opLabelPx: number;
  opMaxLabelWidth: number;
  /** Collapsed metanode: width, height over cardinality [1, 200] → [15, 60], label inside. */
  metaWidth: number;
  metaMinHeight: number;
  metaMaxHeight: number;
  metaMaxLabelWidth: number;
  /** Collapsed series stamps: vertical (members connected) and horizontal. */
  seriesVertical: { width: number; height: number };
  seriesHorizontal: { width: number; height: number };
  seriesLabelPx: number;
  /** Expanded group labels. */
  expandedMetaLabelPx: number;
  expandedSeriesLabelPx: number;
  /** Annotations around collapsed nodes. */
  annotationLabelPx: number;
  annotationMaxLabelWidth: number;
  annotationXOffset: number;
  annotationYOffset: number;
  annotationLabelOffset: number;
  /** Edge labels (tensor shapes). */
  edgeLabelPx: number;
  /** Gap between a label and its shape. */
  labelGap: number;
  /**
   * A core graph with more nodes (or edges) than this is split into sections, each laid out
   * by one bounded ELK call (see README: the threshold comes from the ELK benchmark).
   */
  maxElkNodes: number;
  maxElkEdges: number;
  /** Padding inside a section box. */
  sectionPadding: number;
  /** Isolated nodes of a split group are packed in a grid: gap between cells. */
  gridGap: number;
}

export const DEFAULT_LAYOUT_PARAMS: Readonly<LayoutParams> = {
  direction: 'UP',
  nodeSep: 5,
  rankSep: 25,
  edgeSep: 5,
  metaPadding: 10,
  metaLabelHeight: 20,
  seriesPadding: 10,
  seriesLabelHeight: 10,
  extractXOffset: 15,
  extractYOffset: 20,
  minAuxWidth: 140,
  opWidth: 15,
  opHeight: 6,
  opLabelPx: 6,
  // TB truncates op labels at 30 px (≈6 characters); zooming makes longer labels useful.
  opMaxLabelWidth: 60,
  metaWidth: 60,
  metaMinHeight: 15,
  metaMaxHeight: 60,
  metaMaxLabelWidth: 52,
  seriesVertical: { width: 16, height: 13 },
  seriesHorizontal: { width: 24, height: 8 },
  seriesLabelPx: 6,
  expandedMetaLabelPx: 9,
  expandedSeriesLabelPx: 8,
  annotationLabelPx: 5,
  annotationMaxLabelWidth: 40,
  annotationXOffset: 10,
  annotationYOffset: 3,
  annotationLabelOffset: 2,
  edgeLabelPx: 3.5,
  labelGap: 2,
  maxElkNodes: 60,
  maxElkEdges: 160,
  sectionPadding: 8,
  gridGap: 8,
};

/**
 * The range of edge widths, in px.
 * @internal exported for tests
 */
export const MIN_EDGE_WIDTH = 0.75;
/** @internal exported for tests */
export const MAX_EDGE_WIDTH = 12;

/** TensorBoard's edge width scale: pow(0.3) over tensor size [1, 5e6] → [0.75, 12] px, clamped. */
export function edgeWidth(totalSize: number): number {
  const lo = 1;
  const hi = 5_000_000;
  const s = Math.min(hi, Math.max(lo, totalSize));
  const t = (s ** 0.3 - lo ** 0.3) / (hi ** 0.3 - lo ** 0.3);
  return MIN_EDGE_WIDTH + t * (MAX_EDGE_WIDTH - MIN_EDGE_WIDTH);
}

/**
 * Arrowhead sizes in px, one per bucket of stroke widths.
 * @internal exported for tests
 */
export const ARROW_SIZES = [5, 13, 16, 20] as const;

/** Arrowhead size in px for a stroke width: TB's 4 quantized buckets over [0.75, 12]. */
export function arrowSize(width: number): number {
  const t = (width - MIN_EDGE_WIDTH) / (MAX_EDGE_WIDTH - MIN_EDGE_WIDTH);
  const bucket = Math.min(3, Math.max(0, Math.floor(t * 4)));
  return ARROW_SIZES[bucket]!;
}
