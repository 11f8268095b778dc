/**
 * @tbg/element: `<tf-graph>`, a custom element that shows any TensorFlow graph the way
 * TensorBoard does. Importing this module defines the element.
 */
import { TfGraph } from './tf-graph.js';

export { TfGraph, type Orientation } from './tf-graph.js';
export type { ColorBy, FrameInfo } from './render/render-types.js';
export type { ErrorDetail, GraphLoadedDetail, LoadPhase, LoadTimings, ProgressDetail } from './session/load-timings.js';
export { GraphReadError } from './load/read-source.js';

if (!customElements.get('tf-graph')) customElements.define('tf-graph', TfGraph);

declare global {
  interface HTMLElementTagNameMap {
    'tf-graph': TfGraph;
  }
}
