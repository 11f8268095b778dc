/**
 * Mouse, touch and wheel on the graph's stage: wheel and pinch zoom, drag pans, a click picks,
 * a double click expands or collapses, hovering highlights. Only the camera moves per event;
 * hover picks are coalesced to one per animation frame.
 */
import { panBy, wheelFactor, zoomAt, type Camera, type ZoomLimits } from '@tbg/render-pixi/camera';

export interface PointerTarget {
  camera(): Camera;
  setCamera(c: Camera): void;
  /** How far the wheel and a pinch may zoom now. */
  zoomLimits(): ZoomLimits;
  click(x: number, y: number): void;
  doubleClick(x: number, y: number): void;
  hover(x: number, y: number): void;
  /** Where the pointer is over the scene, on every move (drags too): what the user looks at. */
  pointerAt(x: number, y: number): void;
  leave(): void;
  /** The minimap's rectangle (CSS px), or null while hidden. */
  minimap(): { x: number; y: number; width: number; height: number } | null;
  /** Centres the view on what lies under a point of the minimap. */
  dragMinimap(x: number, y: number): void;
}

function inside(r: { x: number; y: number; width: number; height: number } | null, p: { x: number; y: number }): boolean {
  return r !== null && p.x >= r.x && p.y >= r.y && p.x <= r.x + r.width && p.y <= r.y + r.height;
}

/** Moves under this many px between down and up still count as a click. */
const CLICK_SLOP = 4;

type Point = { x: number; y: number };

/** The camera after pointer `id` of a two-finger pinch (`pointers`, before the move) moved to `p`: zoomed by the change of their distance, about their middle. */
function pinchCamera(target: PointerTarget, pointers: Map<number, Point>, id: number, p: Point) {
  const [a, b] = [...pointers.entries()].map(([k, v]) => (k === id ? p : v)) as [Point, Point];
  const [pa, pb] = [...pointers.values()] as [Point, Point];
  const before = Math.hypot(pa.x - pb.x, pa.y - pb.y) || 1;
  const after = Math.hypot(a.x - b.x, a.y - b.y) || 1;
  return zoomAt(target.camera(), (a.x + b.x) / 2, (a.y + b.y) / 2, after / before, target.zoomLimits());
}

export function attachPointerInput(stage: HTMLElement, target: PointerTarget): () => void {
  const pointers = new Map<number, { x: number; y: number }>();
  let downAt: { x: number; y: number } | null = null;
  /** Dragging the minimap's view box rather than the scene. */
  let onMinimap = false;
  let moved = false;
  let hoverQueued: { x: number; y: number } | null = null;
  const local = (e: { clientX: number; clientY: number }) => {
    const r = stage.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };

  const onWheel = (e: WheelEvent) => {
    e.preventDefault();
    const p = local(e);
    target.setCamera(zoomAt(target.camera(), p.x, p.y, wheelFactor(e.deltaY, e.deltaMode as 0 | 1 | 2), target.zoomLimits()));
  };
  const onDown = (e: PointerEvent) => {
    if (e.button !== 0) return;
    stage.setPointerCapture(e.pointerId);
    pointers.set(e.pointerId, local(e));
    downAt = local(e);
    moved = false;
    onMinimap = pointers.size === 1 && inside(target.minimap(), downAt);
    if (onMinimap) target.dragMinimap(downAt.x, downAt.y);
  };
  const onMove = (e: PointerEvent) => {
    const p = local(e);
    target.pointerAt(p.x, p.y);
    const prev = pointers.get(e.pointerId);
    if (!prev) {
      queueHover(p);
      return;
    }
    if (onMinimap) target.dragMinimap(p.x, p.y);
    else if (pointers.size === 2) pinch(e.pointerId, p);
    else target.setCamera(panBy(target.camera(), p.x - prev.x, p.y - prev.y));
    pointers.set(e.pointerId, p);
    if (downAt && Math.hypot(p.x - downAt.x, p.y - downAt.y) > CLICK_SLOP) moved = true;
  };
  const pinch = (id: number, p: Point) => {
    target.setCamera(pinchCamera(target, pointers, id, p));
    moved = true;
  };
  const onUp = (e: PointerEvent) => {
    if (!pointers.delete(e.pointerId)) return;
    if (pointers.size === 0 && downAt && !moved && !onMinimap) target.click(downAt.x, downAt.y);
    if (pointers.size === 0) downAt = null;
  };
  const queueHover = (p: { x: number; y: number }) => {
    if (hoverQueued) {
      hoverQueued = p;
      return;
    }
    hoverQueued = p;
    requestAnimationFrame(() => {
      const q = hoverQueued;
      hoverQueued = null;
      if (q) target.hover(q.x, q.y);
    });
  };
  const onDouble = (e: MouseEvent) => {
    const p = local(e);
    target.doubleClick(p.x, p.y);
  };
  const onLeave = () => {
    // A move queued before the pointer left must not light a node after it.
    hoverQueued = null;
    target.leave();
  };

  return listen(stage, {
    wheel: onWheel,
    pointerdown: onDown,
    pointermove: onMove,
    pointerup: onUp,
    pointercancel: onUp,
    dblclick: onDouble,
    pointerleave: onLeave,
  });
}

type Handlers = { [K in 'wheel' | 'pointerdown' | 'pointermove' | 'pointerup' | 'pointercancel' | 'dblclick' | 'pointerleave']: (e: HTMLElementEventMap[K]) => void };

/** Adds the listeners (wheel not passive: it zooms instead of scrolling); returns the function that removes them. */
function listen(stage: HTMLElement, handlers: Handlers): () => void {
  const entries = Object.entries(handlers) as Array<[keyof Handlers, EventListener]>;
  for (const [type, h] of entries) stage.addEventListener(type, h, type === 'wheel' ? { passive: false } : undefined);
  return () => {
    for (const [type, h] of entries) stage.removeEventListener(type, h);
  };
}
