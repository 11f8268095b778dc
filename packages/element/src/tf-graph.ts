/**
 * <tf-graph>: shows a TensorFlow graph the way TensorBoard does. Decoding, the hierarchy and
 * layout run in the view worker, drawing in the render worker; this element hosts the canvas,
 * forwards input, and shows the panels (toolbar, legend, progress, errors, info card).
 */
import { html, LitElement, type PropertyValues } from 'lit';
import type { NodeInfo } from '@tbg/hierarchy';
import type { ViewSummary } from '@tbg/layout';
import { attachKeyboardInput } from './interaction/keyboard-input.js';
import { attachPointerInput, type PointerTarget } from './interaction/pointer-input.js';
import { createRenderHost, type RenderModeSetting } from './render/create-render-host.js';
import { LEGEND_ROWS, legendRowsFor } from './render/legend-box.js';
import { probeLegend } from './render/legend-probe.js';
import { probeToolbarWithPicker } from './render/toolbar-box.js';
import { PreviewCanvas } from './render/preview-canvas.js';
import type { ColorBy, FrameInfo, Picked } from './render/render-types.js';
import { GraphController, type RevealZoom } from './session/graph-controller.js';
import { GraphSession } from './session/graph-session.js';
import type { GraphInput } from './session/graph-source.js';
import type { ErrorDetail, GraphLoadedDetail, ProgressDetail } from './session/load-timings.js';
import { CARD_MARGIN, cardWidth, sameRect } from './ui/card-place.js';
import { infoCard } from './ui/info-card.js';
import { dropHint, emptyGraphNotice, errorBox, legend, progressBar, refiningNote, sourceChoices, toolbar, warningsButton, warningsPanel } from './ui/overlays.js';
import { onSchemeChange, readTheme } from './ui/read-theme.js';
import { NodeSearch } from './ui/node-search.js';
import { EMPTY_SEARCH, searchBox, searchResults, type SearchState } from './ui/search-box.js';
import { tfGraphStyles } from './ui/tf-graph-styles.js';
import type { LegendEntry } from './workers/graph-paints.js';
import { startViewWorkers } from './workers/start-workers.js';

export type Orientation = 'vertical' | 'horizontal';

/** Below this size (CSS px) the legend starts folded. */
const SMALL_VIEW = { width: 640, height: 520 };

/** Properties whose change means another graph (or another layout of it) must be loaded. */
const SOURCE_PROPS = ['src', 'bytes', 'file', 'metaGraph', 'tag', 'orientation', 'expandMode'] as const;

export class TfGraph extends LitElement {
  static override styles = tfGraphStyles;
  static override properties = {
    src: { type: String },
    colorBy: { type: String, attribute: 'color-by' },
    orientation: { type: String },
    expandMode: { type: String, attribute: 'expand' },
    selected: { type: String, reflect: true },
    workerUrl: { type: String, attribute: 'worker-url' },
    renderMode: { type: String, attribute: 'render-mode' },
    metaGraph: { type: String, attribute: 'meta-graph' },
    tag: { type: String },
    bytes: { attribute: false },
    file: { attribute: false },
    progress: { state: true },
    failure: { state: true },
    legendEntries: { state: true },
    dragging: { state: true },
    hasGraph: { state: true },
    info: { state: true },
    darkScene: { state: true },
    search: { state: true },
    warningsOpen: { state: true },
    legendOpen: { state: true },
    legendMaxRows: { state: true },
    hasXlaClusters: { state: true },
    refining: { state: true },
  };

  /** URL of a graph file (any format `loadGraph` reads). */
  src: string | null = null;
  /** Graph bytes the page already has. */
  bytes: Uint8Array | null = null;
  /** A File or Blob (e.g. from an `<input type=file>`). */
  file: Blob | null = null;
  colorBy: ColorBy = 'structure';
  orientation: Orientation = 'vertical';
  /** Initial expansion: `none`, `all` or `depth=N`. */
  expandMode = 'none';
  /** Full name of the selected node. */
  selected: string | null = null;
  /** Directory URL serving `view-worker.js` and `render-worker.js`, for pages that forbid blob: workers. */
  workerUrl: string | null = null;
  renderMode: RenderModeSetting = 'auto';
  /** Which meta graph of a SavedModel (index or tag), which graph tag of an event file. */
  metaGraph: string | null = null;
  tag: string | null = null;

  protected progress: ProgressDetail | null = null;
  protected failure: ErrorDetail | null = null;
  protected legendEntries: LegendEntry[] = [];
  protected dragging = false;
  protected hasGraph = false;
  /** The scene is drawn dark (its fills' lightness inverted): the legend's swatches follow. */
  protected darkScene = false;
  /** The graph has XLA clusters (else that colour mode is disabled). */
  protected hasXlaClusters = false;
  /** The list of the loader's warnings is open. */
  protected warningsOpen = false;
  /** The legend shows its rows (its title's button folds it). */
  protected legendOpen = true;
  /** Legend rows that fit the view's height (legendRowsFor). */
  protected legendMaxRows = LEGEND_ROWS;
  /** The user folded or unfolded the legend: its state is theirs from then on (else it follows the view's size). */
  private legendChosen = false;
  /** A quick layout is on screen; ELK's will replace it. */
  protected refining = false;
  /** The search box's query and matches. */
  protected search: SearchState = EMPTY_SEARCH;
  /** The selected node's info card. */
  protected info: NodeInfo | null = null;

  private controller: GraphController | null = null;
  private detachInput: (() => void) | null = null;
  private detachScheme: (() => void) | null = null;
  private resizeObserver: ResizeObserver | null = null;
  /** The legend's element the resize observer watches (it comes and goes with the graph and its colour mode). */
  private observedLegend: Element | null = null;
  private lastFrame: FrameInfo | null = null;
  /** Counts set-ups and tear-downs: work started for a removed element stops. */
  private mounts = 0;
  private readonly nodeSearch = new NodeSearch({
    search: (query, limit) => (this.controller && this.hasGraph ? this.controller.graphSession.view.search(query, { limit }) : null),
    onChange: (state) => (this.search = state),
    // An embedded constant or summary by its name: its ref is the op it is drawn on.
    choose: (m) => void this.selectNode(m.ref >= 0 && m.embedding === undefined ? m.ref : m.name),
  });
  private readonly searchActions = this.nodeSearch.actions;
  /** Counts hover picks and the pointer's leaving: only the last pick's answer lights a node. */
  private hoverSeq = 0;
  /** The node whose name is the scene's tooltip, −1 for none. */
  private tooltipRef = -1;
  /** The name this element selected itself (so that reflecting it does not select again). */
  private ownSelection: string | null = null;

  /** The graph's summary once loaded (format, ops, groups, warnings). */
  get summary(): ViewSummary | null {
    return this.controller?.summary ?? null;
  }

  /** The last drawn frame's cost and visible node count. */
  get frameStats(): FrameInfo | null {
    return this.lastFrame;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // Reattached after a removal: start again (firstUpdated only runs once).
    if (this.hasUpdated) void this.updateComplete.then(() => this.isConnected && this.setUp());
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.tearDown();
  }

  protected override firstUpdated(): void {
    // In a task of its own: with the module's evaluation and the first render it made one task
    // over 50 ms on the page's thread.
    setTimeout(() => {
      if (this.isConnected) this.setUp();
    }, 0);
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (!this.controller) return;
    this.watchLegend();
    if (SOURCE_PROPS.some((p) => changed.has(p))) this.reload();
    if (changed.has('colorBy') && changed.get('colorBy') !== undefined) this.controller.setColorBy(this.colorBy);
    if (changed.has('selected') && this.selected !== this.ownSelection && this.hasGraph) void this.selectNode(this.selected);
    // A new node's card starts at its name, not where the last one was scrolled to.
    if ((changed as Map<PropertyKey, unknown>).has('info') && this.info) this.renderRoot.querySelector('.info')?.scrollTo(0, 0);
  }

  override render() {
    return html`<div
      class="stage"
      part="stage"
      @keydown=${this.onStageKey}
      @dragover=${this.onDragOver}
      @dragleave=${() => (this.dragging = false)}
      @drop=${this.onDrop}
    >
      <div class="canvas-slot" tabindex="0" role="application" aria-roledescription="graph" aria-label="Graph: arrows pan, + and − zoom, 0 fits, Escape clears the selection" ?hidden=${!this.hasGraph && this.failure !== null}></div>
      ${this.hasGraph || this.progress || this.failure ? '' : html`<div class="empty">Drop a graph file here (a GraphDef, SavedModel, event file or model.json)</div>`}
      ${this.hasGraph ? emptyGraphNotice(this.summary) : ''}
      ${toolbar({
        colorBy: this.colorBy,
        hasGraph: this.hasGraph,
        sources: sourceChoices(this.summary),
        onSource: (kind, value) => (kind === 'tag' ? (this.tag = value) : (this.metaGraph = value)),
        onColorBy: (m) => (this.colorBy = m),
        onFit: () => this.fit(),
        hasXlaClusters: this.hasXlaClusters,
        extra: html`${searchBox(this.search, this.searchActions)} ${warningsButton(this.summary?.warnings ?? [], this.warningsOpen, () => (this.warningsOpen = !this.warningsOpen))}`,
      })}
      ${searchResults(this.search, this.searchActions)} ${this.search.result ? '' : warningsPanel(this.summary?.warnings ?? [], this.warningsOpen)}
      ${this.summary?.ops === 0 ? '' : legend(this.colorBy, this.legendEntries, this.darkScene, this.legendOpen, () => this.toggleLegend(), this.legendMaxRows)} ${infoCard(this.info, { select: (name) => void this.select(name), close: () => void this.selectNode(null) })}
      ${progressBar(this.progress)} ${errorBox(this.failure)} ${dropHint(this.dragging)} ${refiningNote(this.refining && this.hasGraph)}
    </div>`;
  }

  private setUp(): void {
    if (this.controller) return;
    const slot = this.renderRoot.querySelector<HTMLElement>('.canvas-slot')!;
    // Attached again after a removal: the last mount's canvases go.
    slot.replaceChildren();
    const size = () => ({ width: Math.max(1, slot.clientWidth || 300), height: Math.max(1, slot.clientHeight || 150) });
    const { width, height } = size();
    const resolution = globalThis.devicePixelRatio || 1;
    // The scene's canvas, under the preview's (which stays).
    const freshCanvas = () => {
      slot.querySelector('canvas.scene')?.remove();
      const canvas = document.createElement('canvas');
      canvas.className = 'scene';
      slot.prepend(canvas);
      return canvas;
    };
    // Start-up order, for 2 cores and no GPU: the view worker first and alone (it reads, decodes
    // and paints the first picture, preview-canvas.ts); then the renderer (a WebGL context and its
    // shaders: a second of a core); then ELK (1–2 s to compile). Starting all three at once made
    // the first picture 0.2–0.6 s later. Without a preview the renderer starts at once.
    // Layouts go from the view worker to the renderer directly.
    const mount = ++this.mounts;
    const layouts = new MessageChannel();
    const elkAfter = this.nextEvent((e) => e.type === 'scene-ready' || e.type === 'error' || (e.type === 'graph-loaded' && !(e as CustomEvent<GraphLoadedDetail>).detail.preview), 5000);
    const workers = startViewWorkers(this.workerUrl, elkAfter, layouts.port1);
    const preview = PreviewCanvas.create(slot, workers.view);
    let needRenderer = () => {};
    const asked = new Promise<void>((resolve) => (needRenderer = resolve));
    // The controller asks once a preview is up, or when it has a layout to show without one.
    const renderAfter = preview ? Promise.race([asked, this.nextEvent((e) => e.type === 'error', 3000)]).then(() => new Promise((r) => setTimeout(r, 0))) : Promise.resolve();
    const host = renderAfter.then(() => {
      if (mount !== this.mounts) throw new Error('<tf-graph> was removed before its renderer started');
      return createRenderHost({ freshCanvas, width, height, resolution, mode: this.renderMode, workerUrl: this.workerUrl, layoutPort: layouts.port2 });
    });
    // Inlined workers start from the boot script, which also downloads graph URLs (fetch-protocol.ts).
    const session = new GraphSession(workers.view, [workers.elk], !this.workerUrl);
    this.controller = new GraphController(session, host, this.controllerEvents(), preview, () => needRenderer());
    const stage = this.renderRoot.querySelector('.stage');
    // Measured when a first picture is asked for (the page's fonts have had longest to load).
    this.controller.panelHints = () => ({
      legendOpen: this.legendOpen,
      // (A legend already drawn is measured by measureCovers.)
      legendStyle: stage && !this.renderRoot.querySelector('.legend') ? probeLegend(stage) : null,
      topWithPicker: stage ? probeToolbarWithPicker(stage) : null,
    });
    this.legendForSize(width, height);
    this.measureCovers();
    this.controller.resize(width, height, resolution);
    this.resizeObserver = new ResizeObserver(() => {
      const s = size();
      this.legendForSize(s.width, s.height);
      this.measureCovers();
      this.controller?.resize(s.width, s.height, globalThis.devicePixelRatio || 1);
    });
    this.resizeObserver.observe(slot);
    // The toolbar wraps at narrow widths, or when a graph's picker joins it: the fit's band follows.
    const bar = this.renderRoot.querySelector('.toolbar');
    if (bar) this.resizeObserver.observe(bar);
    // On the canvas' slot, not the stage: the panels over it (toolbar, legend, info card) take their own clicks and wheels.
    const detachPointer = attachPointerInput(slot, this.pointerTarget());
    const detachKeys = attachKeyboardInput(slot, {
      camera: () => this.controller!.camera,
      setCamera: (c) => this.controller?.setCamera(c),
      zoomLimits: () => this.controller!.zoomLimits(),
      size: () => ({ width: slot.clientWidth, height: slot.clientHeight }),
      fit: () => this.fit(),
      clearSelection: () => {
        // (Escape also closes the warnings list: onStageKey, where the key bubbles to.)
        if (this.info || this.selected) void this.selectNode(null);
      },
    });
    this.detachInput = () => {
      detachPointer();
      detachKeys();
    };
    this.applyTheme();
    this.detachScheme = onSchemeChange(() => this.applyTheme());
    host.catch((error: unknown) => mount === this.mounts && this.fail(error, 'frame'));
    this.reload();
  }

  /**
   * Tells the controller what the panels that stay over the scene cover: how far down the toolbar
   * reaches, and the legend's box in the bottom-left corner (fits and reveals keep clear of both).
   */
  private measureCovers(): void {
    const slot = this.renderRoot.querySelector('.canvas-slot');
    if (!slot || !this.controller) return;
    const s = slot.getBoundingClientRect();
    const bar = this.renderRoot.querySelector('.toolbar')?.getBoundingClientRect();
    const l = this.observedLegend?.getBoundingClientRect();
    // Avoided only where it is by default, in the bottom-left corner (a page may move the part).
    const cornered = l && l.width > 0 && l.left - s.left < s.width / 2 && s.bottom - l.bottom < s.height / 2;
    this.controller.setCovers({ top: bar ? bar.bottom - s.top : 0, legend: cornered ? { width: l.right - s.left, height: s.bottom - l.top } : null });
    // (The "Refining the layout…" note keeps beside the legend.)
    this.renderRoot.querySelector<HTMLElement>('.stage')?.style.setProperty('--tbg-legend-right', `${Math.round(cornered ? l.right - s.left : 0)}px`);
    this.placeCard();
  }

  /**
   * Keeps the info card off the toolbar (below it when the view is too narrow for both side by
   * side) and off the minimap (it ends above it while the minimap shows), through two custom
   * properties of the stage that the card's style reads.
   */
  private placeCard(): void {
    const stage = this.renderRoot.querySelector<HTMLElement>('.stage');
    if (!stage) return;
    const view = stage.getBoundingClientRect();
    const bar = this.renderRoot.querySelector('.toolbar')?.getBoundingClientRect();
    const cardLeft = view.width - CARD_MARGIN - cardWidth(view.width);
    const top = bar && bar.right - view.left + CARD_MARGIN > cardLeft ? bar.bottom - view.top + CARD_MARGIN : CARD_MARGIN;
    const m = this.lastFrame?.minimap;
    const bottom = m ? view.height - m.y + CARD_MARGIN : CARD_MARGIN;
    stage.style.setProperty('--tbg-card-top', `${Math.round(top)}px`);
    stage.style.setProperty('--tbg-card-bottom', `${Math.round(bottom)}px`);
  }

  private toggleLegend(): void {
    this.legendChosen = true;
    this.legendOpen = !this.legendOpen;
  }

  /** In a small view the legend starts folded (open, it would take much of the room the graph needs), unless the user chose. */
  private legendForSize(width: number, height: number): void {
    if (!this.legendChosen) this.legendOpen = width >= SMALL_VIEW.width && height >= SMALL_VIEW.height;
    this.legendMaxRows = legendRowsFor(height);
  }

  /** Follows the legend's element (a new one, or none) with the resize observer, and measures again. */
  private watchLegend(): void {
    const el = this.renderRoot.querySelector('.legend');
    if (el === this.observedLegend) return;
    if (this.observedLegend) this.resizeObserver?.unobserve(this.observedLegend);
    this.observedLegend = el;
    if (el) this.resizeObserver?.observe(el);
    this.measureCovers();
  }

  private tearDown(): void {
    this.mounts++;
    this.detachInput?.();
    this.detachInput = null;
    this.detachScheme?.();
    this.detachScheme = null;
    this.resizeObserver?.disconnect();
    this.resizeObserver = null;
    this.observedLegend = null;
    void this.controller?.destroy();
    this.controller = null;
    this.hasGraph = false;
  }

  /**
   * Resolves, in a task of its own, at the first of this element's events that `accept` takes
   * (among graph-loaded, scene-ready and error), or after `ms`.
   */
  private nextEvent(accept: (e: Event) => boolean, ms: number): Promise<void> {
    const types = ['graph-loaded', 'scene-ready', 'error'];
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        for (const t of types) this.removeEventListener(t, onEvent);
        // Not inside the event's dispatch: starting a worker is a task's worth of work.
        setTimeout(resolve, 0);
      };
      const onEvent = (e: Event) => accept(e) && done();
      const timer = setTimeout(done, ms);
      for (const t of types) this.addEventListener(t, onEvent);
    });
  }

  private controllerEvents(): ConstructorParameters<typeof GraphController>[2] {
    return {
      progress: (d) => {
        this.progress = d;
        this.emit('progress', d);
      },
      loaded: (d: GraphLoadedDetail) => {
        this.progress = null;
        this.hasGraph = true;
        this.forgetGraph();
        this.emit('graph-loaded', d);
        // A name the page set is looked for in the new graph; one this element chose is of the old graph.
        if (this.selected && this.selected !== this.ownSelection) void this.selectNode(this.selected, 'in', true);
        else if (this.selected) this.selected = this.ownSelection = null;
      },
      error: (d) => {
        // A load failed: the last graph (its canvas, toolbar, legend and card) goes, not left under the message.
        this.progress = null;
        this.failure = d;
        this.hasGraph = false;
        this.legendEntries = [];
        this.refining = false;
        this.forgetGraph();
        this.emit('error', d);
      },
      refineEnded: () => (this.refining = false),
      expansion: (expanded, provisional) => {
        this.refining = provisional;
        this.emit('expand-change', { expanded, provisional });
      },
      settled: (d) => this.emit('layout-settled', d),
      sceneReady: (d) => this.emit('scene-ready', d),
      legend: (entries, all) => {
        this.legendEntries = entries;
        this.hasXlaClusters = all['xla-cluster'].length > 0;
      },
      frame: (f) => {
        const minimapMoved = !sameRect(f.minimap ?? null, this.lastFrame?.minimap ?? null);
        this.lastFrame = f;
        if (minimapMoved) this.placeCard();
        this.emit('frame', f);
      },
    };
  }

  private pointerTarget(): PointerTarget {
    return {
      camera: () => this.controller!.camera,
      setCamera: (c) => this.controller?.setCamera(c),
      zoomLimits: () => this.controller!.zoomLimits(),
      click: (x, y) => void this.onClick(x, y),
      doubleClick: (x, y) => void this.onDoubleClick(x, y),
      hover: (x, y) => void this.onHover(x, y),
      pointerAt: (x, y) => this.controller?.pointerAt({ x, y }),
      leave: () => {
        this.controller?.pointerAt(null);
        this.hoverSeq++;
        this.controller?.hover(-1);
        this.clearTooltip();
      },
      minimap: () => this.lastFrame?.minimap ?? null,
      dragMinimap: (x, y) => void this.controller?.dragMinimap(x, y),
    };
  }

  private async onClick(x: number, y: number): Promise<void> {
    this.warningsOpen = false;
    const p = await this.controller?.pick(x, y);
    if (p?.part === 'expandButton') await this.toggle(p);
    else if (p && p.ref >= 0) await this.selectNode(p.ref, 'keep');
    else await this.selectNode(null);
  }

  private async onHover(x: number, y: number): Promise<void> {
    const seq = ++this.hoverSeq;
    const p = await this.controller?.pick(x, y);
    // A later move, or the pointer's leaving, came while this one was picked.
    if (seq !== this.hoverSeq) return;
    // An expanded group (or a section of one) is a frame around what it holds: lighting its few
    // edges would fade all it holds, most of an expanded graph, wherever the pointer rests.
    const lit = p && !p.expanded && p.kind !== 'section' ? p.index : -1;
    this.controller?.hover(lit);
    const slot = this.renderRoot.querySelector<HTMLElement>('.canvas-slot');
    if (!slot) return;
    slot.style.cursor = lit >= 0 || p?.part === 'expandButton' ? 'pointer' : '';
    void this.nameTooltip(slot, lit >= 0 && p ? p.ref : -1, seq);
  }

  /** The hovered node's full name as the scene's tooltip (a label on screen may be cut). */
  private async nameTooltip(slot: HTMLElement, ref: number, seq: number): Promise<void> {
    // `tooltipRef` is the node whose name is shown: set once the name is in, by the latest hover.
    if (ref === this.tooltipRef) return;
    const name = ref >= 0 ? ((await this.controller?.nameOf(ref).catch(() => '')) ?? '') : '';
    if (seq !== this.hoverSeq) return;
    this.tooltipRef = ref;
    slot.title = name;
  }

  /** No node's name as the tooltip (the pointer left, or another graph comes). */
  private clearTooltip(): void {
    this.tooltipRef = -1;
    const slot = this.renderRoot.querySelector<HTMLElement>('.canvas-slot');
    if (slot) slot.title = '';
  }

  /** What belonged to the last graph: its selection and card, the search, the warnings list. */
  private forgetGraph(): void {
    this.info = null;
    this.controller?.clearSelection();
    this.controller?.setCardOpen(false);
    this.warningsOpen = false;
    this.searchActions.clear();
  }

  /**
   * Selects a node (NodeRef or name; null clears), shows its card, fires `node-select`. `quiet`: a
   * name the graph lacks clears the selection instead of showing an error (a page's `selected`
   * carried over to a new graph).
   */
  private async selectNode(target: number | string | null, zoom: RevealZoom = 'in', quiet = false): Promise<void> {
    const c = this.controller;
    if (!c) return;
    if (target === null) {
      c.clearSelection();
      c.setCardOpen(false);
      this.info = null;
    } else {
      c.setCardOpen(true);
      try {
        this.info = await c.select(target, zoom);
      } catch (error) {
        c.setCardOpen(this.info !== null);
        if (quiet) await this.selectNode(null);
        else this.fail(error, 'interaction');
        return;
      }
    }
    this.ownSelection = this.info?.name ?? null;
    this.selected = this.ownSelection;
    this.emit('node-select', { name: this.ownSelection, ref: this.info?.ref ?? -1 });
  }

  private async onDoubleClick(x: number, y: number): Promise<void> {
    const p = await this.controller?.pick(x, y);
    if (p && (p.kind === 'meta' || p.kind === 'series')) await this.toggle(p);
  }

  private async toggle(p: Picked): Promise<void> {
    try {
      await this.controller?.toggle(p);
    } catch (error) {
      if (!(error instanceof Error && error.name === 'AbortError')) this.fail(error, 'interaction');
    }
  }

  private currentInput(): GraphInput | null {
    if (this.file) return { kind: 'file', file: this.file };
    if (this.bytes) return { kind: 'bytes', bytes: this.bytes };
    if (this.src) return { kind: 'url', url: this.src };
    return null;
  }

  private reload(): void {
    const input = this.currentInput();
    if (!this.controller || !input) return;
    this.failure = null;
    // A pick or a name asked for on the last graph answers nothing on this one.
    this.hoverSeq++;
    this.clearTooltip();
    const metaGraph = this.metaGraph === null ? undefined : /^\d+$/.test(this.metaGraph) ? Number(this.metaGraph) : this.metaGraph;
    const choice = { metaGraph, tag: this.tag ?? undefined };
    void this.controller.load(input, { expand: this.expandMode, colorBy: this.colorBy, choice, direction: this.orientation === 'horizontal' ? 'RIGHT' : 'UP' });
  }

  /** Escape anywhere in the element (the warnings button keeps focus after a click) closes the warnings list. */
  private onStageKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') this.warningsOpen = false;
  };

  private onDragOver = (e: DragEvent) => {
    if (!e.dataTransfer?.types.includes('Files')) return;
    e.preventDefault();
    this.dragging = true;
  };

  private onDrop = (e: DragEvent) => {
    e.preventDefault();
    this.dragging = false;
    const f = e.dataTransfer?.files[0];
    if (f) {
      this.bytes = null;
      this.file = f;
    }
  };

  private fail(error: unknown, phase: ErrorDetail['phase']): void {
    const e = error instanceof Error ? error : new Error(String(error));
    this.failure = { name: e.name, message: e.message, phase };
    this.emit('error', this.failure);
  }

  private emit(type: string, detail: unknown): void {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }

  /** Reads the scene's colours from the CSS custom properties again (after a page changed them). */
  refreshTheme(): void {
    this.applyTheme();
  }

  private applyTheme(): void {
    const theme = readTheme(this);
    this.darkScene = theme.dark;
    this.controller?.setTheme(theme);
  }

  /** Fits the whole graph to the view. */
  fit(): void {
    this.controller?.fit();
  }

  /** Selects a node by full name: expands what hides it, pans to it, shows its info card. */
  select(name: string): Promise<void> {
    return this.selectNode(name);
  }

  /**
   * Where a node's shape is drawn now, in CSS px from the element's top-left (e.g. to place a
   * popup beside it), or null while it is not drawn (inside a collapsed group) or unknown.
   */
  async nodeRect(name: string): Promise<{ x: number; y: number; width: number; height: number } | null> {
    try {
      return (await this.controller?.screenRect(name)) ?? null;
    } catch {
      return null;
    }
  }

  /** Expands a metanode or series by full name. */
  expand(name: string): Promise<void> {
    return this.changeExpansion(name, 'expand');
  }

  collapse(name: string): Promise<void> {
    return this.changeExpansion(name, 'collapse');
  }

  private async changeExpansion(name: string, how: 'expand' | 'collapse'): Promise<void> {
    const c = this.controller;
    if (!c) return;
    try {
      const { ref } = await c.graphSession.view.info(name);
      await c.change({ [how]: [ref] });
    } catch (error) {
      if (!(error instanceof Error && error.name === 'AbortError')) this.fail(error, 'interaction');
    }
  }
}
