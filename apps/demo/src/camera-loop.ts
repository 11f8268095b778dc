/**
 * Zooms or pans a `<tf-graph>` in a loop, one step per animation frame, the way a person would:
 * wheel events to zoom about the centre, a pointer drag around a circle to pan. The element has
 * no camera API to script, and going through its input handling measures what a user feels.
 */
export type LoopKind = 'zoom' | 'pan';

/** Steps (animation frames) in one zoom in-and-out, and in one circle of the pan. */
const ZOOM_STEPS = 240;
const PAN_STEPS = 240;
/** Wheel delta at the fastest point of the zoom: about 5× in and back per cycle. */
const ZOOM_DELTA = 10;
/** The element's fit animation (300 ms), and a frame to spare. */
const FIT_MS = 350;

/** Where the element takes input: its canvas when it has one in an open shadow root. */
function inputTarget(el: HTMLElement): HTMLElement {
  return el.shadowRoot?.querySelector('canvas') ?? el;
}

function pointer(type: string, x: number, y: number, buttons: number): PointerEvent {
  return new PointerEvent(type, { bubbles: true, composed: true, cancelable: true, clientX: x, clientY: y, pointerId: 1, pointerType: 'mouse', isPrimary: true, button: 0, buttons });
}

export class CameraLoop {
  private raf = 0;
  private fitWait: ReturnType<typeof setTimeout> | undefined;
  private step = 0;
  private kind: LoopKind | undefined;
  /** Where the pan's pointer is, from the centre, while its button is down. */
  private held: [number, number] | undefined;

  constructor(private readonly el: HTMLElement) {}

  get running(): LoopKind | undefined {
    return this.kind;
  }

  /**
   * Starts a loop from the fitted view (a loop started where the last one left the camera could
   * measure empty space): the element's fit is animated, so the first step waits for it.
   */
  start(kind: LoopKind): void {
    this.stop();
    this.kind = kind;
    this.step = 0;
    const tick = () => {
      if (kind === 'zoom') this.zoomStep();
      else this.panStep();
      this.step++;
      this.raf = requestAnimationFrame(tick);
    };
    (this.el as HTMLElement & { fit?: () => void }).fit?.();
    this.fitWait = setTimeout(() => {
      if (this.kind === kind) this.raf = requestAnimationFrame(tick);
    }, FIT_MS);
  }

  stop(): void {
    clearTimeout(this.fitWait);
    cancelAnimationFrame(this.raf);
    if (this.held) this.send('pointerup', ...this.held, 0);
    this.held = undefined;
    this.kind = undefined;
  }

  /** Smoothly in for half a cycle, then back out: wheel deltas along a sine, summing to zero. */
  private zoomStep(): void {
    const { x, y } = this.centre();
    const deltaY = -ZOOM_DELTA * Math.sin((2 * Math.PI * (this.step % ZOOM_STEPS)) / ZOOM_STEPS);
    const wheel = new WheelEvent('wheel', { bubbles: true, composed: true, cancelable: true, clientX: x, clientY: y, deltaY, deltaMode: 0 });
    inputTarget(this.el).dispatchEvent(wheel);
  }

  /** A drag whose pointer goes round a circle starting at the centre, so the view circles too. */
  private panStep(): void {
    const i = this.step % PAN_STEPS;
    const angle = (2 * Math.PI * i) / PAN_STEPS;
    const r = Math.min(this.el.clientWidth, this.el.clientHeight) / 6;
    const dx = r * (1 - Math.cos(angle));
    const dy = r * Math.sin(angle);
    if (i === 0) this.send('pointerdown', 0, 0, 1);
    this.send('pointermove', dx, dy, 1);
    this.held = [dx, dy];
    if (i === PAN_STEPS - 1) {
      this.send('pointerup', dx, dy, 0);
      this.held = undefined;
    }
  }

  private send(type: string, dx: number, dy: number, buttons: number): void {
    const { x, y } = this.centre();
    inputTarget(this.el).dispatchEvent(pointer(type, x + dx, y + dy, buttons));
  }

  private centre(): { x: number; y: number } {
    const r = this.el.getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
  }
}
