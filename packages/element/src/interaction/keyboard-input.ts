/**
 * The keyboard on the graph's stage (focusable, in the page's tab order): arrows pan, + and −
 * zoom about the centre, 0 fits, Escape clears the selection. Keys with Ctrl, Alt or Meta are
 * the browser's.
 */
import { panBy, wheelFactor, zoomAt, type Camera, type ZoomLimits } from '@tbg/render-pixi/camera';

export interface KeyboardTarget {
  camera(): Camera;
  setCamera(c: Camera): void;
  /** How far + and − may zoom now. */
  zoomLimits(): ZoomLimits;
  /** The stage's size, CSS px. */
  size(): { width: number; height: number };
  fit(): void;
  clearSelection(): void;
}

/** One arrow key pans by this share of the view. */
const PAN_STEP = 0.1;
/** One + or − zooms as one wheel notch does. */
const ZOOM_STEP = wheelFactor(-100);

/** What a key does, or null for keys left to the page. */
export function keyAction(key: string, t: KeyboardTarget): (() => void) | null {
  const { width, height } = t.size();
  const pan = (dx: number, dy: number) => () => t.setCamera(panBy(t.camera(), dx * width * PAN_STEP, dy * height * PAN_STEP));
  const zoom = (f: number) => () => t.setCamera(zoomAt(t.camera(), width / 2, height / 2, f, t.zoomLimits()));
  switch (key) {
    case 'ArrowLeft':
      return pan(1, 0);
    case 'ArrowRight':
      return pan(-1, 0);
    case 'ArrowUp':
      return pan(0, 1);
    case 'ArrowDown':
      return pan(0, -1);
    case '+':
    case '=':
      return zoom(ZOOM_STEP);
    case '-':
    case '_':
      return zoom(1 / ZOOM_STEP);
    case '0':
      return () => t.fit();
    case 'Escape':
      return () => t.clearSelection();
    default:
      return null;
  }
}

/** Listens for keys on `stage`; returns the function that stops. */
export function attachKeyboardInput(stage: HTMLElement, target: KeyboardTarget): () => void {
  const onKey = (e: KeyboardEvent) => {
    if (e.ctrlKey || e.altKey || e.metaKey) return;
    const act = keyAction(e.key, target);
    if (!act) return;
    e.preventDefault();
    act();
  };
  stage.addEventListener('keydown', onKey);
  return () => stage.removeEventListener('keydown', onKey);
}
