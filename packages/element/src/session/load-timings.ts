/** The phases of showing a graph, as `progress` events and `graph-loaded` timings name them. */
export type LoadPhase = 'read' | 'decode' | 'hierarchy' | 'layout' | 'frame';
export const LOAD_PHASES: readonly LoadPhase[] = ['read', 'decode', 'hierarchy', 'layout', 'frame'];

export interface LoadTimings {
  readMs: number;
  decodeMs: number;
  hierarchyMs: number;
  layoutMs: number;
  firstFrameMs: number;
}

export interface ProgressDetail {
  phase: LoadPhase;
  /** 0…1 within the phase, or null when its size is unknown. */
  fraction: number | null;
}

export interface GraphLoadedDetail {
  /** Ops in the graph. */
  nodeCount: number;
  timings: LoadTimings;
  /**
   * The first picture used the quick layout while ELK was starting: ELK's layout follows,
   * animated, with a `layout-settled` event.
   */
  provisional: boolean;
  /**
   * The first picture was painted with Canvas 2D by the view worker while the renderer was still
   * starting WebGL; the WebGL scene replaces it with a `scene-ready` event.
   */
  preview: boolean;
}

/** `scene-ready`: the WebGL scene replaced a preview (graph-loaded's `preview`) and takes input. */
export interface SceneReadyDetail {
  /** From the preview's `graph-loaded` to the scene's first frame on screen, ms. */
  afterPreviewMs: number;
}

/** `layout-settled`: ELK's layout replaced a provisional one. */
export interface LayoutSettledDetail {
  /** From the request to its first frame, ms. */
  ms: number;
}

/** What went wrong, where: shown in the element and sent as the `error` event's detail. */
export interface ErrorDetail {
  /** The error's class: GraphReadError, GraphFormatError, ViewWorkerError, … */
  name: string;
  message: string;
  phase: LoadPhase | 'interaction';
}
