/**
 * The part every graph story shares: a toolbar with the load timings and the selection, then
 * the element. The element shows its own progress, errors and controls; the demo adds what a
 * page would build from its events.
 */
import { h } from '../dom.js';
import { createTfGraph, onTfGraph, type TfGraph, type TfGraphListeners, type TfGraphOptions } from '../tf-graph-api.js';
import { graphControls, type GraphControls } from '../widgets/graph-controls.js';
import { timingsPanel } from '../widgets/timings-panel.js';

export interface GraphStage {
  root: HTMLElement;
  el: TfGraph;
  controls: GraphControls;
  /** Call before giving the element another graph: clears the last graph's timings. */
  loading(): void;
  dispose: () => void;
}

export function graphStage(options: TfGraphOptions, more: TfGraphListeners = {}): GraphStage {
  const el = createTfGraph(options);
  const timings = timingsPanel();
  const controls = graphControls(el, timings.root);
  const stop = onTfGraph(el, {
    loaded: (d) => {
      timings.show(d);
      more.loaded?.(d);
    },
    // A new load (its first progress) or a failed one: the last graph's timings no longer apply.
    progress: (d) => d.phase === 'read' && d.fraction === 0 && timings.clear(),
    error: (d) => d.phase !== 'interaction' && timings.clear(),
    frame: more.frame,
  });
  const box = h('div', { class: 'stage' }, el);
  const root = h('div', { class: 'graph-story' }, controls.root, box);
  return {
    root,
    el,
    controls,
    loading: () => timings.clear(),
    dispose: () => {
      stop();
      controls.dispose();
    },
  };
}
