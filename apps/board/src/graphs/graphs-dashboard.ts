/**
 * The Graphs tab: `<tf-graph>` (loaded on first use: it is the board's largest chunk) with
 * TensorBoard's selectors: run, tag, graph type (the op graph, or the conceptual graph of a
 * Keras model, which tbg serve sends as a GraphDef of its layers) and a file upload. The element
 * fetches and decodes the graph itself.
 */
import type { GraphLoadedDetail, ErrorDetail, TfGraph } from '@tbg/element';
import { getJson } from '../core/api.js';
import type { Dashboard } from '../core/dashboard.js';
import { h, messageOf, notice } from '../core/dom.js';
import type { Store } from '../core/store.js';
import type { GraphInfo } from '../core/types.js';
import { graphRuns, graphUrl, hasConceptual, tagChoices, validSelection, type GraphType, type Selection } from './graph-choices.js';

function select(label: string, cls: string): { root: HTMLElement; select: HTMLSelectElement } {
  const s = h('select', { class: cls, 'aria-label': label });
  return { root: h('label', { class: 'control' }, h('div', { class: 'control-title' }, label), s), select: s };
}

function typeRadios(onChange: (t: GraphType) => void): { root: HTMLElement; op: HTMLInputElement; conceptual: HTMLInputElement } {
  const op = h('input', { type: 'radio', name: 'graph-type', value: 'op' });
  const conceptual = h('input', { type: 'radio', name: 'graph-type', value: 'conceptual' });
  op.checked = true;
  op.addEventListener('change', () => onChange('op'));
  conceptual.addEventListener('change', () => onChange('conceptual'));
  const root = h('div', { class: 'control radios graph-type', role: 'radiogroup' }, h('div', { class: 'control-title' }, 'Graph type'), h('label', {}, op, 'Op graph'), h('label', { title: 'The Keras model\'s layers, from the model config Keras writes' }, conceptual, 'Conceptual graph'));
  return { root, op, conceptual };
}

interface SelectorUi {
  runSel: HTMLSelectElement;
  tagSel: HTMLSelectElement;
  types: { op: HTMLInputElement; conceptual: HTMLInputElement };
}

/** Shows `sel` in the selectors: the runs, the run's tags for the graph type, the type (conceptual only where there is one). */
function renderSelectors(ui: SelectorUi, info: GraphInfo, runs: string[], sel: Selection): void {
  ui.runSel.replaceChildren(...runs.map((r) => h('option', { value: r }, r)));
  ui.runSel.value = sel.run;
  ui.types.conceptual.disabled = !hasConceptual(info, sel.run);
  ui.types.op.checked = sel.type === 'op';
  ui.types.conceptual.checked = sel.type === 'conceptual';
  ui.tagSel.replaceChildren(...tagChoices(info, sel.run, sel.type).map((c, i) => h('option', { value: i }, c.label)));
  ui.tagSel.value = String(sel.tag);
}

/** Calls `fn` when a file is chosen. */
function onUpload(input: HTMLInputElement, fn: () => void): void {
  input.addEventListener('change', () => input.files?.length && fn());
}

async function createElement(status: HTMLElement): Promise<TfGraph> {
  await import('@tbg/element');
  const el = document.createElement('tf-graph');
  el.classList.add('graph-view');
  el.addEventListener('graph-loaded', (e) => {
    const d = (e as CustomEvent<GraphLoadedDetail>).detail;
    status.textContent = `${d.nodeCount.toLocaleString()} nodes`;
    status.classList.remove('error');
  });
  el.addEventListener('error', (e) => {
    if (!(e instanceof CustomEvent)) return;
    status.textContent = `Could not show the graph: ${(e.detail as ErrorDetail).message}`;
    status.classList.add('error');
  });
  return el;
}

/** The tab's controls: run, tag, graph type, upload, and a status line. */
function controlsUi(onType: (t: GraphType) => void) {
  const runSel = select('Run', 'graph-run');
  const tagSel = select('Tag', 'graph-tag');
  const types = typeRadios(onType);
  const upload = h('input', { type: 'file', class: 'graph-upload' });
  const status = h('div', { class: 'graph-status', 'aria-live': 'polite' });
  const uploadRoot = h('label', { class: 'control' }, h('div', { class: 'control-title' }, 'Upload a graph file'), upload);
  const controls = h('div', { class: 'controls' }, runSel.root, tagSel.root, types.root, uploadRoot, status);
  return { runSel, tagSel, types, upload, status, controls };
}

const noGraphNotice = (info: GraphInfo) => notice('empty', Object.keys(info).length ? 'No graph in the selected runs.' : 'No graph in this logdir. Upload a graph file to view it.');

export function graphsDashboard(store: Store): Dashboard {
  const { runSel, tagSel, types, upload, status, controls } = controlsUi((t) => choose({ type: t, tag: 0 }));
  const message = h('div', { class: 'dashboard-message' });
  const stage = h('div', { class: 'graph-stage' });
  const root = h('div', { class: 'graphs-dashboard' }, message, stage);
  let info: GraphInfo = {};
  let current: Selection | undefined;
  let shownUrl = '';
  let element: Promise<TfGraph> | undefined;

  const graphElement = (): Promise<TfGraph> => {
    element ??= createElement(status).then((el) => (stage.replaceChildren(el), el));
    return element;
  };

  /** Applies a change of selection: a valid one everywhere, then the element's src. */
  function choose(patch: Partial<Selection>): void {
    const visible = new Set(store.visibleRuns());
    const names = graphRuns(info).filter((r) => visible.has(r));
    message.replaceChildren(...(names.length ? [] : [noGraphNotice(info)]));
    const sel = validSelection(info, names, current, patch);
    if (!sel) return;
    current = sel;
    renderSelectors({ runSel: runSel.select, tagSel: tagSel.select, types }, info, names, sel);
    const choice = tagChoices(info, sel.run, sel.type)[sel.tag];
    const url = choice ? graphUrl(sel.run, choice, sel.type) : '';
    if (!url || url === shownUrl) return;
    shownUrl = url;
    upload.value = '';
    status.textContent = 'Loading…';
    // Either type is a GraphDef from the server (the conceptual one: a node per Keras layer).
    void graphElement().then((el) => {
      // An uploaded file would win over `src` (the element prefers it): a chosen run replaces it.
      el.file = null;
      el.setAttribute('src', url);
    });
  }

  runSel.select.addEventListener('change', () => choose({ run: runSel.select.value, tag: 0 }));
  tagSel.select.addEventListener('change', () => choose({ tag: Number(tagSel.select.value) }));
  onUpload(upload, () => {
    const file = upload.files![0]!;
    shownUrl = `file:${file.name}`;
    message.replaceChildren();
    status.textContent = `Loading ${file.name}…`;
    void graphElement().then((el) => (el.file = file));
  });
  const unsubscribe = store.subscribe((c) => c !== 'settings' && choose({}));

  return {
    controls,
    root,
    async refresh() {
      try {
        info = await getJson<GraphInfo>('plugin/graphs/info');
      } catch (e) {
        message.replaceChildren(notice('error', `Could not load the graph list: ${messageOf(e)}`));
        return;
      }
      // A live reload keeps the graph on screen (TensorBoard's graph plugin disables reload); only new runs appear.
      if (!shownUrl.startsWith('file:')) choose({});
    },
    dispose() {
      unsubscribe();
      element?.then((el) => el.remove()).catch(() => undefined);
    },
  };
}
