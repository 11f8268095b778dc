/**
 * Everything behind one <tf-graph> except its DOM: the view worker session, the render host,
 * the camera, expansion and selection, and the load pipeline with its progress and timings.
 * The element renders what this reports through `ControllerEvents`.
 */
import type { NodeInfo } from '@tbg/hierarchy';
import { parseExpandMode, type Direction, type ViewSummary } from '@tbg/layout';
import { DEFAULT_ZOOM_LIMITS, easeInOut, lerpCamera, centreOn, LAYOUT_TRANSITION_MS, rectOnScreen, type Camera, type Rect, type ZoomLimits } from '@tbg/render-pixi/camera';
import { fitClear, inFreeView, revealArea, type Covers } from '../render/fit-view.js';
import type { PanelHints } from '../workers/preview-protocol.js';
import { CARD_MARGIN, cardWidth } from '../ui/card-place.js';
import { readBlob, readUrl, nameOfUrl, type ReadProgress } from '../load/read-source.js';
import type { PreviewCanvas } from '../render/preview-canvas.js';
import type { RenderHost } from '../render/render-host.js';
import type { ColorBy, FrameInfo, Picked, ThemeRequest } from '../render/render-types.js';
import type { LegendEntry } from '../workers/graph-paints.js';
import { GraphSession, type FetchedBytes, type SessionLayout } from './graph-session.js';
import type { GraphInput, SourceChoice } from './graph-source.js';
import type { ErrorDetail, GraphLoadedDetail, LayoutSettledDetail, LoadPhase, LoadTimings, ProgressDetail, SceneReadyDetail } from './load-timings.js';

export interface ControllerEvents {
  progress(d: ProgressDetail): void;
  loaded(d: GraphLoadedDetail, summary: ViewSummary): void;
  error(d: ErrorDetail): void;
  /** `provisional`: a quick layout, to be replaced by ELK's (then `settled`). */
  expansion(expanded: number[], provisional: boolean): void;
  /** The current mode's legend, and every mode's (e.g. to offer only modes with data). */
  legend(entries: LegendEntry[], all: Record<ColorBy, LegendEntry[]>): void;
  frame(f: FrameInfo): void;
  settled(d: LayoutSettledDetail): void;
  /** No better layout will replace the quick one on screen (ELK failed). */
  refineEnded(): void;
  sceneReady(d: SceneReadyDetail): void;
}

export interface LoadSettings {
  expand: string;
  colorBy: ColorBy;
  choice: SourceChoice;
  /** Layout direction: TensorBoard's bottom-to-top (`UP`) or left-to-right. */
  direction: Direction;
}

/** At most one read-progress event per this interval (and one when the read completes). */
const PROGRESS_EVERY_MS = 50;

/** Superseded by a newer load: not an error anyone should see. */
class Superseded extends Error {}

/** The width the info card covers, with its margins, in a view `width` wide. */
const infoCardCover = (width: number) => cardWidth(width) + 2 * CARD_MARGIN;

/** Where a settled layout looks for the node the user is looking at: fractions of the free view, the middle first. */
const ANCHOR_PROBES: ReadonlyArray<readonly [number, number]> = [
  [0.5, 0.5],
  [0.4, 0.5],
  [0.6, 0.5],
  [0.5, 0.4],
  [0.5, 0.6],
  [0.35, 0.35],
  [0.65, 0.35],
  [0.35, 0.65],
  [0.65, 0.65],
];

/** A node nearer than this to the view's edge (CSS px) is revealed by a pan, not left where it is. */
const REVEAL_MARGIN = 24;

/** Whether a node too large for the view (at this scale) already lies across part of it. */
function fillsView(c: Camera, view: { width: number; height: number }, r: Rect): boolean {
  const s = rectOnScreen(c, r);
  const tooLarge = s.width > view.width - 2 * REVEAL_MARGIN || s.height > view.height - 2 * REVEAL_MARGIN;
  return tooLarge && s.x + s.width > 0 && s.y + s.height > 0 && s.x < view.width && s.y < view.height;
}

/** How a selection reveals its node: zooming in to one too small to see, or at the scale of the view. */
export type RevealZoom = 'in' | 'keep';

export class GraphController {
  private generation = 0;
  private layoutState: SessionLayout | null = null;
  private colorBy: ColorBy = 'structure';
  private viewport = { width: 1, height: 1 };
  camera: Camera = { x: 0, y: 0, scale: 1 };
  private animation = 0;
  /** When the camera's current animation ends (performance.now()). */
  private animationEnds = 0;
  private selectedRef = -1;
  private hovered = -1;
  /** The pointer over the scene (pointerAt). */
  private pointer: { x: number; y: number } | null = null;
  /** The view moved since the graph was fitted (a settled layout keeps it then). */
  private cameraMoved = false;
  /** The camera shows the whole graph (a load's fit or `fit()`) and has not moved since: a resize fits again. */
  private fitted = false;
  /** Bumped by each camera move asked for (a pan, zoom, fit or reveal): a reveal still waiting for its node's shape gives way to a later one. */
  private cameraIntent = 0;
  /**
   * A node revealed on a quick layout (its ancestors expanded to show it): ELK's layout, when it
   * replaces that one, may put it elsewhere, so it is revealed again then (unless the camera was
   * moved meanwhile: `intent` is cameraIntent's value at the select).
   */
  private revealOnSettle: { ref: number; intent: number } | null = null;
  /** The info card is open on the right: reveals and fits use the rest of the view. */
  private cardOpen = false;
  /** What the toolbar and the legend cover (fit-view.ts). */
  private covers: Covers = { top: 0, legend: null };
  /**
   * Asks the page how its panels will lie once the graph is shown (set by the element; measured
   * when a first picture is asked for): the preview's fit keeps clear of them.
   */
  panelHints: (() => PanelHints) | null = null;
  /** The renderer has shown a frame: until then, first layouts are previewed (preview-canvas.ts). */
  private sceneShown = false;
  /** The latest `present`, which node lookups in the renderer wait for. */
  private presenting: Promise<unknown> = Promise.resolve();
  private resolution = 1;
  /** The view worker's download for the current load, aborted by a newer load. */
  private readAbort: AbortController | null = null;
  private theme: ThemeRequest = { dark: false, overrides: {} };

  constructor(
    private readonly session: GraphSession,
    private readonly host: Promise<RenderHost>,
    private readonly events: ControllerEvents,
    private readonly preview: PreviewCanvas | null = null,
    /** Called when a picture needs the renderer (a layout to show without a preview, or a preview up). */
    private readonly needRenderer: () => void = () => undefined,
  ) {
    void host.then((h) => h.onFrame((f) => events.frame(f))).catch(() => undefined);
  }

  get summary(): ViewSummary | null {
    return this.session.summary;
  }

  get graphSession(): GraphSession {
    return this.session;
  }

  /** Reads, opens, lays out and draws a graph; a newer load supersedes this one. */
  async load(input: GraphInput, settings: LoadSettings): Promise<void> {
    const gen = ++this.generation;
    const phase = { current: 'read' as LoadPhase };
    try {
      await this.run(gen, input, settings, phase);
    } catch (error) {
      if (error instanceof Superseded || gen !== this.generation) return;
      // No picture of an earlier load stays under the error.
      this.preview?.hide();
      const e = error instanceof Error ? error : new Error(String(error));
      this.events.error({ name: e.name === 'ViewWorkerError' && 'remoteName' in e ? String(e.remoteName) : e.name, message: e.message, phase: phase.current });
    }
  }

  private async run(gen: number, input: GraphInput, s: LoadSettings, phase: { current: LoadPhase }): Promise<void> {
    const check = () => {
      if (gen !== this.generation) throw new Superseded();
    };
    const mode = parseExpandMode(s.expand) ?? { kind: 'none' };
    this.colorBy = s.colorBy;
    // A reveal owed to the last graph's selection is not this graph's.
    this.revealOnSettle = null;
    // Whatever this load reads, an earlier download is of no use any more, nor an earlier preview.
    this.readAbort?.abort();
    this.readAbort = null;
    if (this.sceneShown) this.preview?.hide();
    const t0 = performance.now();
    this.progress('read', 0);
    const { bytes, name } = await this.read(input, gen);
    check();
    const t1 = performance.now();
    phase.current = 'decode';
    this.progress('decode', null);
    // Open, preview and layout are sent together: the worker takes them in order, and the first
    // layout does not wait for the page to hear of the open and ask again (a round trip).
    const opening = this.session.open(bytes, { name, ...s.choice, params: { direction: s.direction } });
    if (!this.sceneShown) this.preview?.request({ ...this.viewport, covers: this.covers, ...(this.panelHints?.() ?? NO_HINTS), resolution: this.resolution, theme: this.theme, colorBy: this.colorBy });
    const laying = this.session.layout({ reset: true, mode });
    // A failed open fails this layout too; the open's error is the one reported.
    laying.catch(() => undefined);
    const summary = await opening;
    check();
    const t2 = performance.now();
    phase.current = 'layout';
    this.progress('layout', null);
    const laid = await laying;
    check();
    const t3 = performance.now();
    phase.current = 'frame';
    this.progress('frame', null);
    // The whole view: the last graph's card closes with it (forgetGraph), after this fit — the
    // preview's, whose legend the page has not drawn yet (the page's measure follows).
    cancelAnimationFrame(this.animation);
    // (The toolbar's band too: a graph picker joins it after this fit.)
    const estimated = laid.layout.previewCovers;
    if (estimated) this.covers = { top: Math.max(this.covers.top, estimated.top), legend: this.covers.legend ?? estimated.legend };
    this.camera = this.fitTo(laid.layout, false);
    this.cameraMoved = false;
    this.fitted = true;
    const shown = this.present(laid);
    // Awaited below, unless this load is superseded first: never an unhandled rejection.
    shown.catch(() => undefined);
    const previewed = laid.layout.previewed && !this.sceneShown;
    // Without a preview the renderer is needed now; with one, once the preview is on screen.
    if (!previewed) this.needRenderer();
    // The worker painted the preview before it sent the layout: one frame later it is on screen.
    await (previewed ? nextFrame() : shown);
    check();
    const timings: LoadTimings = { readMs: t1 - t0, ...splitOpen(summary, t2 - t1), layoutMs: t3 - t2, firstFrameMs: performance.now() - t3 };
    this.events.loaded({ nodeCount: summary.ops, timings, provisional: laid.provisional, preview: previewed }, summary);
    const t4 = performance.now();
    if (previewed) this.needRenderer();
    await shown;
    check();
    this.preview?.hide();
    if (previewed) this.events.sceneReady({ afterPreviewMs: performance.now() - t4 });
    if (laid.provisional) void this.settle(gen, true).catch(() => undefined);
  }

  /**
   * Replaces a provisional layout (quick, while ELK was starting, or because ELK had not answered
   * an expand at once) with ELK's as soon as ELK has it, animated like an expand; after a load,
   * re-fitted unless the user has moved the view meanwhile.
   */
  private async settle(gen: number, refit: boolean): Promise<void> {
    const t0 = performance.now();
    const laid = await this.session.layout({}, true).catch(() => null);
    // ELK failed: the quick layout stays, and no better one is coming.
    if (!laid && gen === this.generation && this.layoutState?.provisional) this.events.refineEnded();
    // Superseded (a newer load, or an expand that asked for its own layout): nothing to replace.
    if (!laid || gen !== this.generation || this.layoutState?.provisional !== true) return;
    const pending = this.revealOnSettle;
    // The user has moved the view: what they were looking at stays where it is on screen.
    const current = this.layoutState;
    const intent = this.cameraIntent;
    // (Not while a reveal or a fit glides: the view is not yet where it is going.)
    const anchor = this.cameraMoved && !pending && performance.now() >= this.animationEnds ? await this.anchorInView() : null;
    // Another layout was shown while the anchor was looked for: this one is out of date.
    if (gen !== this.generation || this.layoutState !== current) return;
    if (refit && !this.cameraMoved) {
      cancelAnimationFrame(this.animation);
      this.camera = this.fitTo(laid.layout, false);
    }
    await this.present(laid, true);
    if (pending && !laid.provisional) this.revealOnSettle = null;
    if (pending && pending.intent === this.cameraIntent) await this.reveal(pending.ref, pending.intent, 'keep');
    if (anchor && intent === this.cameraIntent) await this.keepOnScreen(anchor, intent);
    if (laid.provisional) void this.settle(gen, refit).catch(() => undefined);
    else this.events.settled({ ms: performance.now() - t0 });
  }

  /**
   * The node the user is looking at, and where its shape is on screen: the first node drawn under
   * the pointer or a few points around the middle of the free view (a collapsed one before an
   * expanded group, whose middle moves most when its content is laid out again), or null.
   */
  private async anchorInView(): Promise<{ ref: number; x: number; y: number } | null> {
    const host = await this.host.catch(() => null);
    if (!host || !this.sceneShown) return null;
    const a = revealArea(this.openView(), this.covers);
    const probes = ANCHOR_PROBES.map(([fx, fy]) => [a.x + a.width * fx, a.y + a.height * fy] as const);
    if (this.pointer) probes.unshift([this.pointer.x, this.pointer.y]);
    let found: Picked | null = null;
    for (const [x, y] of probes) {
      const p = await host.pick(x, y);
      if (!p || p.ref < 0) continue;
      if (!p.expanded) {
        found = p;
        break;
      }
      found ??= p;
    }
    const rect = found ? await host.shapeOf(found.ref) : null;
    if (!found || !rect) return null;
    const s = rectOnScreen(this.camera, rect);
    return { ref: found.ref, x: s.x + s.width / 2, y: s.y + s.height / 2 };
  }

  /** Pans (as the new layout animates in) so that node `a.ref` is back where it was on screen; not after another camera move. */
  private async keepOnScreen(a: { ref: number; x: number; y: number }, intent: number): Promise<void> {
    const rect = await (await this.host).shapeOf(a.ref);
    if (!rect || intent !== this.cameraIntent) return;
    const c = this.camera;
    const target = { scale: c.scale, x: a.x - (rect.x + rect.width / 2) * c.scale, y: a.y - (rect.y + rect.height / 2) * c.scale };
    if (Math.hypot(target.x - c.x, target.y - c.y) > 0.5) this.animateTo(target, LAYOUT_TRANSITION_MS);
  }

  private async read(input: GraphInput, gen: number): Promise<{ bytes: Uint8Array | FetchedBytes; name: string }> {
    // A progress event per 64 KB chunk would re-render the bar hundreds of times for a large file.
    let last = -Infinity;
    const onProgress = (p: ReadProgress) => {
      if (gen !== this.generation) return;
      const now = performance.now();
      if (now - last < PROGRESS_EVERY_MS && p.loaded !== p.total) return;
      last = now;
      this.progress('read', p.total ? p.loaded / p.total : null);
    };
    if (input.kind === 'url') {
      const name = nameOfUrl(input.url);
      if (!this.session.fetchesUrls) return { bytes: await readUrl(input.url, onProgress), name };
      // The view worker downloads it (fetch-protocol.ts); a newer load aborts the download.
      const abort = (this.readAbort = new AbortController());
      const fetched = this.session.fetch(new URL(input.url, document.baseURI).href, onProgress, abort.signal);
      return { bytes: await fetched.finally(() => gen === this.generation && (this.readAbort = null)), name };
    }
    if (input.kind === 'file') return { bytes: await readBlob(input.file, onProgress), name: 'name' in input.file ? String(input.file.name) : 'file' };
    // The worker takes the buffer: keep the caller's bytes intact.
    return { bytes: input.bytes.slice(), name: input.name ?? 'bytes' };
  }

  private progress(phase: LoadPhase, fraction: number | null): void {
    this.events.progress({ phase, fraction });
  }

  /** Runs `f` on the renderer once it is up; nothing if it never comes up (its failure is reported once, by the element). */
  private withHost(f: (h: RenderHost) => void): void {
    void this.host.then(f, () => undefined);
  }

  /** Draws a layout with the current camera and colours (animated from the last one for an expand or collapse). */
  private async present(laid: SessionLayout, transition = false): Promise<FrameInfo> {
    this.layoutState = laid;
    this.hovered = -1;
    this.events.legend(laid.legend[this.colorBy], laid.legend);
    this.events.expansion(laid.expanded, laid.provisional);
    const shown = this.host.then((host) => host.show(laid.layout, { camera: this.camera, colorBy: this.colorBy, transition }));
    this.presenting = shown.catch(() => undefined);
    const frame = await shown;
    this.sceneShown = true;
    return frame;
  }

  /** Applies an expansion change and draws its layout; returns the time to its first frame. */
  async change(change: { expand?: number[]; collapse?: number[] }): Promise<number> {
    const t0 = performance.now();
    const laid = await this.session.layout(change);
    // The view now shows part of a larger (or smaller) graph: a resize keeps it, it does not fit.
    this.fitted = false;
    await this.present(laid, true);
    if (laid.provisional) void this.settle(this.generation, false).catch(() => undefined);
    return performance.now() - t0;
  }

  toggle(p: Picked): Promise<number> {
    return this.change(p.expanded ? { collapse: [p.ref] } : { expand: [p.ref] });
  }

  setColorBy(mode: ColorBy): void {
    this.colorBy = mode;
    if (!this.layoutState) return;
    this.events.legend(this.layoutState.legend[mode], this.layoutState.legend);
    this.withHost((h) => h.setColorBy(mode));
  }

  setCamera(c: Camera): void {
    this.cameraIntent++;
    cancelAnimationFrame(this.animation);
    this.cameraMoved = true;
    this.fitted = false;
    this.camera = c;
    this.withHost((h) => h.setCamera(c));
  }

  /**
   * A new size: a view that shows the whole graph (fitted, and not moved since) is fitted again;
   * any other keeps the world point at its centre.
   */
  resize(width: number, height: number, resolution: number): void {
    const old = this.viewport;
    this.viewport = { width, height };
    this.resolution = resolution;
    this.withHost((h) => h.resize(width, height, resolution));
    const g = this.layoutState?.layout;
    if (!g || (old.width === width && old.height === height)) return;
    cancelAnimationFrame(this.animation);
    const c = this.camera;
    this.camera = this.fitted ? this.fitTo(g) : { ...c, x: c.x + (width - old.width) / 2, y: c.y + (height - old.height) / 2 };
    this.withHost((h) => h.setCamera(this.camera));
  }

  /**
   * How far input may zoom: out to a tenth of the graph's fit (a graph shrunk to a dot shows
   * nothing; TensorBoard stops there too), never forcing a view already further out to jump; in
   * to DEFAULT_ZOOM_LIMITS' maximum.
   */
  zoomLimits(): ZoomLimits {
    const g = this.layoutState?.layout;
    if (!g) return DEFAULT_ZOOM_LIMITS;
    const fit = this.fitTo(g).scale;
    return { min: Math.min(fit / 10, this.camera.scale), max: Math.max(DEFAULT_ZOOM_LIMITS.max, this.camera.scale) };
  }

  fit(): void {
    this.cameraIntent++;
    const g = this.layoutState?.layout;
    if (g) this.animateTo(this.fitTo(g));
    this.fitted = true;
  }

  /** The part of the view no panel covers (on the left; the info card lies on the right), at any size. */
  private openView(): { width: number; height: number } {
    const { width, height } = this.viewport;
    return { width: this.cardOpen ? Math.max(width / 2, width - infoCardCover(width)) : width, height };
  }

  /**
   * The camera that shows all of a layout in the part of the view no panel covers: below the
   * toolbar, clear of the legend, and beside the info card while it is open (fit-view.ts).
   */
  private fitTo(g: { width: number; height: number }, besideCard = true): Camera {
    return fitClear(g, besideCard ? this.openView() : this.viewport, this.covers);
  }

  /**
   * How far down the toolbar reaches, and the legend's box in the bottom-left corner (CSS px, with
   * their margins): fits and reveals keep clear of them. A view still fitted fits again.
   */
  setCovers(covers: Covers): void {
    const l = covers.legend && covers.legend.width > 0 && covers.legend.height > 0 ? { ...covers.legend } : null;
    const next = { top: Math.max(0, covers.top), legend: l };
    const moved = !sameCovers(this.covers, next);
    this.covers = next;
    // Within a pixel (the first picture's estimate of the legend, then the page's measure), the view stays.
    if (!moved) return;
    // After the scene is up (a preview, fitted before the legend was known, is not moved under it).
    void this.presenting.then(() => {
      const g = this.layoutState?.layout;
      if (!g || !this.fitted) return;
      const target = this.fitTo(g);
      if (!nearCamera(target, this.camera)) this.animateTo(target, 300, false);
    });
  }

  /** Tells the controller whether the info card is open (it covers the view's right side). */
  setCardOpen(open: boolean): void {
    this.cardOpen = open;
  }

  /**
   * Pans (and zooms in when tiny) to a node's shape, animated; centred in the part of the view no
   * panel covers. `intent`: `cameraIntent` when the reveal was asked for.
   */
  private async reveal(ref: number, intent: number, zoom: RevealZoom): Promise<boolean> {
    await this.presenting;
    const rect = await (await this.host).shapeOf(ref);
    if (!rect) return false;
    // The camera was moved meanwhile (a fit, a pan: e.g. right after the double click that selected
    // and expanded this node): that move stands.
    if (intent !== this.cameraIntent) return true;
    const open = this.openView();
    const area = revealArea(open, this.covers);
    const scale = this.revealScale(zoom, rect, area);
    // Already in view beside the panels, and large enough: the view stays (a click must not move
    // what it clicked). So does a node larger than the view that the view already shows part of.
    const onScreen = rectOnScreen(this.camera, rect);
    if (scale === this.camera.scale && (inFreeView(onScreen, open, this.covers, REVEAL_MARGIN) || fillsView(this.camera, open, rect))) return true;
    this.fitted = false;
    const c = centreOn({ ...this.camera, scale }, area, rect.x + rect.width / 2, rect.y + rect.height / 2);
    this.animateTo({ ...c, x: c.x + area.x, y: c.y + area.y });
    return true;
  }

  /**
   * The scale a reveal shows a node at: `in` zooms in to a node too small to see, and out to one
   * larger than the free area (a big expanded group: its title and border off the panels); `keep`
   * keeps the view's.
   */
  private revealScale(zoom: RevealZoom, rect: Rect, area: { width: number; height: number }): number {
    const current = this.camera.scale;
    if (zoom !== 'in') return current;
    const readable = Math.max(current, Math.min(1, 40 / Math.max(1, rect.height)));
    const fits = Math.min((area.width - 2 * REVEAL_MARGIN) / Math.max(1, rect.width), (area.height - 2 * REVEAL_MARGIN) / Math.max(1, rect.height));
    return Math.min(readable, Math.max(fits, 1e-4));
  }

  /** Moves the camera to `target` over `ms`; `moved`: the view is no longer the load's fit (a settled layout keeps it). */
  private animateTo(target: Camera, ms = 300, moved = true): void {
    cancelAnimationFrame(this.animation);
    if (moved) this.cameraMoved = true;
    this.animationEnds = performance.now() + ms;
    const from = this.camera;
    const t0 = performance.now();
    const step = () => {
      const t = Math.min(1, (performance.now() - t0) / ms);
      this.camera = lerpCamera(from, target, easeInOut(t));
      this.withHost((h) => h.setCamera(this.camera));
      if (t < 1) this.animation = requestAnimationFrame(step);
    };
    step();
  }

  /**
   * Selects a node by NodeRef or full name: expands its ancestors if hidden, pans to it unless it
   * is in view. `zoom`: 'in' zooms in to a node too small to see (a name chosen from a list),
   * 'keep' keeps the scale (a node clicked on screen).
   */
  async select(target: number | string, zoom: RevealZoom = 'in'): Promise<NodeInfo> {
    // A camera move asked for while the node is looked up and revealed stands (see reveal).
    const intent = ++this.cameraIntent;
    this.revealOnSettle = null;
    const info = await this.session.view.info(target);
    this.selectedRef = info.ref;
    this.pushHighlight();
    // A constant or summary is drawn as an annotation of its op: that op is what is brought into view.
    const shown = info.ref >= 0 ? info.ref : annotatedOp(info);
    if (shown >= 0 && !(await this.reveal(shown, intent, zoom))) {
      const hidden = await this.collapsedAncestors(info);
      if (hidden.length) await this.change({ expand: hidden });
      this.revealOnSettle = this.layoutState?.provisional ? { ref: shown, intent } : null;
      await this.reveal(shown, intent, zoom);
    }
    return info;
  }

  /** A node's full name. */
  async nameOf(ref: number): Promise<string> {
    return (await this.session.view.info(ref, { maxLinks: 0 })).name;
  }

  /** Where a node's shape is drawn now (CSS px from the view's top-left), or null while it is not drawn (inside a collapsed group). */
  async screenRect(name: string): Promise<Rect | null> {
    const { ref } = await this.session.view.info(name);
    const rect = ref >= 0 ? await (await this.host).shapeOf(ref) : null;
    return rect && rectOnScreen(this.camera, rect);
  }

  /** Groups above a node that are collapsed, outermost first. */
  private async collapsedAncestors(info: NodeInfo): Promise<number[]> {
    const out: number[] = [];
    const root = this.session.summary?.root ?? -1;
    for (let p = info.parent; p >= 0 && p !== root; p = (await this.session.view.info(p)).parent) if (!this.session.isExpanded(p)) out.unshift(p);
    return out;
  }

  clearSelection(): void {
    this.selectedRef = -1;
    this.revealOnSettle = null;
    this.pushHighlight();
  }

  /** Where the pointer is over the scene (CSS px), or null once it has left: what the user looks at. */
  pointerAt(p: { x: number; y: number } | null): void {
    this.pointer = p;
  }

  hover(index: number): void {
    if (index === this.hovered) return;
    this.hovered = index;
    this.pushHighlight();
  }

  private pushHighlight(): void {
    const state = { selected: this.selectedRef >= 0 ? [this.selectedRef] : [], hovered: this.hovered };
    this.withHost((h) => h.setHighlight(state));
  }

  setTheme(theme: ThemeRequest): void {
    this.theme = theme;
    this.withHost((h) => h.setTheme(theme));
  }

  /** Centres the view on the world point under a point of the minimap; false when the point is not on it. */
  async dragMinimap(x: number, y: number): Promise<boolean> {
    const host = await this.host.catch(() => null);
    const p = host ? await host.minimapPoint(x, y) : null;
    if (!p) return false;
    this.setCamera(centreOn(this.camera, this.viewport, p[0], p[1]));
    return true;
  }

  /** The node under a point; null while only the preview is up (input is not queued for later). */
  async pick(x: number, y: number): Promise<Picked | null> {
    const laid = this.layoutState;
    if (!laid || !this.sceneShown) return null;
    const host = await this.host.catch(() => null);
    const picked = host ? await host.pick(x, y) : null;
    // Another layout came meanwhile: the index was of the one before.
    return this.layoutState === laid ? picked : null;
  }

  async destroy(): Promise<void> {
    this.generation++;
    this.readAbort?.abort();
    cancelAnimationFrame(this.animation);
    this.preview?.remove();
    await this.session.close().catch(() => undefined);
    (await this.host.catch(() => null))?.destroy();
  }
}

/** Resolves at the next animation frame. */
function nextFrame(): Promise<void> {
  // A hidden page has no animation frames: the timeout stands in for them.
  return new Promise((resolve) => {
    requestAnimationFrame(() => resolve());
    setTimeout(resolve, 100);
  });
}

/** Splits the worker's open time into decoding and the hierarchy as the worker measured them (the rest is messaging). */
function splitOpen(summary: ViewSummary, openMs: number): Pick<LoadTimings, 'decodeMs' | 'hierarchyMs'> {
  const t = summary.timings;
  const rest = Math.max(0, openMs - t.decodeMs - t.hierarchyMs);
  return { decodeMs: t.decodeMs + rest, hierarchyMs: t.hierarchyMs };
}

/** The op a constant (its output) or a summary (its input) is drawn on, or −1. */
function annotatedOp(info: NodeInfo): number {
  if (info.embedding < 0) return -1;
  return [...info.outputs, ...info.inputs].find((l) => l.ref >= 0)?.ref ?? -1;
}

const NO_HINTS: PanelHints = { legendOpen: true, legendStyle: null, topWithPicker: null };

/** Covers that differ by under a pixel anywhere. */
function sameCovers(a: Covers, b: Covers): boolean {
  const near = (x: number, y: number) => Math.abs(x - y) < 1;
  if (!near(a.top, b.top) || (a.legend === null) !== (b.legend === null)) return false;
  return !a.legend || !b.legend || (near(a.legend.width, b.legend.width) && near(a.legend.height, b.legend.height));
}

/** Cameras under half a pixel and 0.1 % of scale apart. */
function nearCamera(a: Camera, b: Camera): boolean {
  return Math.abs(a.x - b.x) < 0.5 && Math.abs(a.y - b.y) < 0.5 && Math.abs(a.scale / b.scale - 1) < 1e-3;
}
