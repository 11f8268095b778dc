/**
 * `<tf-graph>` as the stories use it: the element's own types, a typed constructor from story
 * options, and typed event listeners.
 */
import '@tbg/element';
import type { ColorBy, ErrorDetail, FrameInfo, GraphLoadedDetail, ProgressDetail, TfGraph } from '@tbg/element';

export type { ColorBy, ErrorDetail, FrameInfo, GraphLoadedDetail, LoadTimings, TfGraph } from '@tbg/element';

/** What a story asks of a new element; attributes are left unset when absent. */
export interface TfGraphOptions {
  src?: string;
  colorBy?: ColorBy;
  expand?: string;
}

export function createTfGraph(options: TfGraphOptions = {}): TfGraph {
  const el = document.createElement('tf-graph');
  if (options.colorBy) el.setAttribute('color-by', options.colorBy);
  if (options.expand) el.setAttribute('expand', options.expand);
  // src last: the element may start loading as soon as it has one.
  if (options.src) el.setAttribute('src', options.src);
  return el;
}

export interface TfGraphListeners {
  loaded?: (d: GraphLoadedDetail) => void;
  error?: (d: ErrorDetail) => void;
  progress?: (d: ProgressDetail) => void;
  select?: (d: { name: string }) => void;
  frame?: (d: FrameInfo) => void;
}

/** Listens to the element's events; returns a function that stops listening. */
export function onTfGraph(el: HTMLElement, l: TfGraphListeners): () => void {
  const pairs: Array<[string, ((d: never) => void) | undefined]> = [
    ['graph-loaded', l.loaded],
    ['error', l.error],
    ['progress', l.progress],
    ['node-select', l.select],
    ['frame', l.frame],
  ];
  const added: Array<[string, EventListener]> = [];
  for (const [type, fn] of pairs) {
    if (!fn) continue;
    const listener: EventListener = (e) => fn((e as CustomEvent<never>).detail);
    el.addEventListener(type, listener);
    added.push([type, listener]);
  }
  return () => added.forEach(([type, listener]) => el.removeEventListener(type, listener));
}
