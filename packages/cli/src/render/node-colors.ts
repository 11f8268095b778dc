/**
 * The `--color-by` modes of `tbg render`, as the SVG exporter's per-node fill, from the colour
 * modes the WebGL view uses (`@tbg/render-pixi/style`: plain data, no pixi.js, no DOM), so an
 * SVG and the view agree: `structure` (metanodes of one template share a hue), `device` and
 * `xla-cluster` (each node in the colour of its ops' main device or cluster), `op-compatibility`
 * (TPU compatible green, else red) and `none` (the exporter's plain colours).
 */
import { computeTemplates, type Hierarchy } from '@tbg/hierarchy';
import type { Geometry } from '@tbg/layout';
import { compatibilityPaint, devicePaint, plainPaint, structurePaint, xlaClusterPaint, type NodePaint } from '@tbg/render-pixi/style';

export const COLOR_MODES = ['structure', 'device', 'xla-cluster', 'op-compatibility', 'none'] as const;
export type ColorMode = (typeof COLOR_MODES)[number];

/** A node's fill as CSS, or null to keep the exporter's own. */
export type NodeFill = (i: number) => string | null;

/** 0xrrggbb → `#rrggbb`. */
export const cssHex = (rgb: number): string => `#${rgb.toString(16).padStart(6, '0')}`;

/** Only where a mode's colour differs from the plain one: the exporter draws the rest as it does. */
function fillOf(paint: NodePaint, plain: NodePaint): NodeFill {
  return (i) => (paint.fill[i] === plain.fill[i] ? null : cssHex(paint.fill[i]!));
}

/** The fill function of a mode (null for `none`). */
export function nodeFill(mode: ColorMode, g: Geometry, h: Hierarchy): NodeFill | null {
  if (mode === 'structure') return fillOf(structurePaint(g, h, computeTemplates(h)), plainPaint(g));
  if (mode === 'device') return fillOf(devicePaint(g, h), plainPaint(g));
  if (mode === 'xla-cluster') return fillOf(xlaClusterPaint(g, h), plainPaint(g));
  if (mode === 'op-compatibility') return fillOf(compatibilityPaint(g, h), plainPaint(g));
  return null;
}
