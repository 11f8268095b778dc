/**
 * The part every graph story shares: a toolbar, then the element with the timings panel over
 * it. The element shows its own progress and errors; the demo adds what a page would build
 * from its events.
 */
import { h } from '../dom.js';
import { createTfGraph, onTfGraph, type TfGraph, type TfGraphListeners, type TfGraphOptions } from '../tf-graph-api.js';
import { graphControls, type GraphControls } from '../widgets/graph-controls.js';
import { timingsPanel } from '../widgets/timings-panel.js';

export interface GraphStage {
  root: HTMLElement;
  el: TfGraph;
  controls: GraphControls;
  /** The box the element fills: stories may lay more readouts over it. */
  box: HTMLElement;
  /** Call before giving the element another graph: clears the last graph's timings. */
  loading(): void;
  dispose: () => void;
}

export function graphStage(options: TfGraphOptions, more: TfGraphListeners = {}): GraphStage {
  const el = createTfGraph(options);
  const controls = graphControls(el, options.colorBy ?? 'structure');
  const timings = timingsPanel();
  const stop = onTfGraph(el, {
    loaded: (d) => {
      timings.show(d);
      more.loaded?.(d);
    },
    frame: more.frame,
  });
  const box = h('div', { class: 'stage' }, el, timings.root);
  const root = h('div', { class: 'graph-story' }, controls.root, box);
  return {
    root,
    el,
    controls,
    box,
    loading: () => timings.clear(),
    dispose: () => {
      stop();
      controls.dispose();
    },
  };
}
