/**
 * What the element asks of a drawn graph, wherever the renderer runs (a render worker on an
 * OffscreenCanvas, or this thread where that is missing). Plain data only: every value here
 * crosses a worker boundary.
 */
import type { Geometry } from '@tbg/layout';
import type { Camera, Rect } from '@tbg/render-pixi/camera';
import type { NodePaint } from '@tbg/render-pixi/style';

export type PickedKind = 'op' | 'meta' | 'series' | 'section';
export type PickedPart = 'shape' | 'expandButton' | 'label';

/** The node under a point. */
export interface Picked {
  /** Geometry index (valid until the next layout). */
  index: number;
  /** Hierarchy NodeRef (−1 for sections). */
  ref: number;
  kind: PickedKind;
  expanded: boolean;
  part: PickedPart;
}

export interface FrameInfo {
  /** Time to build and submit the frame, ms. */
  ms: number;
  /** Nodes whose boxes meet the view. */
  visibleNodes: number;
  /** Where the minimap is on the canvas (CSS px), null while hidden: input over it drags the view. */
  minimap?: Rect | null;
}

/** Scene colours: the light or dark base, and any the page set through CSS custom properties (0xRRGGBB). */
export interface ThemeRequest {
  dark: boolean;
  overrides: Partial<Record<'background' | 'edge' | 'label' | 'selection', number>>;
}

/** TensorBoard's colour modes (but compute time and memory, which need run metadata). */
export type ColorBy = 'structure' | 'device' | 'xla-cluster' | 'op-compatibility' | 'none';
export const COLOR_MODES: readonly ColorBy[] = ['structure', 'device', 'xla-cluster', 'op-compatibility', 'none'];

/** The node fills of every colour mode for one layout. */
export type PaintSet = Record<ColorBy, NodePaint>;

export interface ShowOptions {
  /** The camera to show the layout with (the page owns the camera). */
  camera: Camera;
  colorBy: ColorBy;
  /** Animate from the layout shown before (expand and collapse). */
  transition: boolean;
}

export interface HighlightState {
  /** Selected NodeRefs. */
  selected: number[];
  /** Hovered geometry index, −1 for none. */
  hovered: number;
}

export type { Camera, Geometry, NodePaint, Rect };
