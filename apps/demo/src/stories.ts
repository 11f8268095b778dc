/** The demo's stories, in sidebar order: what each shows and how it is built. */
import { generatedUrl } from './generated-graphs.js';
import type { ColorBy } from './tf-graph-api.js';

/** How a story is built (see story-view.ts). */
export type StoryKind = 'graph' | 'stress' | 'embed' | 'drop' | 'url' | 'sources';

export interface Story {
  group: string;
  id: string;
  title: string;
  /** One or two sentences under the title. */
  blurb: string;
  kind: StoryKind;
  /** The graph file, relative to the page. */
  src?: string;
  colorBy?: ColorBy;
  /** The element's `expand` attribute: none | all | depth=N. */
  expand?: string;
}

export interface StoryGroup {
  id: string;
  title: string;
}

export const GROUPS: readonly StoryGroup[] = [
  { id: 'real', title: 'Real graphs' },
  { id: 'generated', title: 'Generated graphs' },
  { id: 'stress', title: 'Performance' },
  { id: 'embed', title: 'Use it' },
  { id: 'url', title: 'Any file' },
  { id: 'about', title: 'About' },
];

const real = (id: string, title: string, src: string, blurb: string, extra: Partial<Story> = {}): Story => ({
  group: 'real',
  id,
  title,
  blurb,
  kind: 'graph',
  src: `graphs/${src}`,
  ...extra,
});

export const STORIES: readonly Story[] = [
  real('xla-demo', 'TensorBoard XLA demo', 'tb_demo_xla_118.pbtxt', "TensorBoard's own demo graph: a small MLP trained with gradient descent, 118 ops on two devices with XLA clusters (GraphDef text)."),
  real('tiny', 'Tiny graph, all expanded', 'tb_app_demo_tiny.pbtxt', 'Eight ops in nested scopes on three devices, one of them an op TensorFlow does not know (GraphDef text), coloured by device.', { expand: 'all', colorBy: 'device' }),
  real('metagraph', 'MetaGraphDef', 'tf2onnx_regression_model.meta', 'A regression model with its gradients, read from a checkpoint’s .meta file (binary MetaGraphDef).'),
  real('saved-model', 'SavedModel', 'tf2onnx_regression_saved_model/saved_model.pb', 'The same regression model exported as a SavedModel: the graph is unwrapped from its first MetaGraph.'),
  real('tfjs', 'TF.js MobileNetV2', 'mobilenet_v2_mid.model.json', 'A TensorFlow.js graph model (model.json, weights not needed): a MobileNetV2 classifier nested eleven scopes deep, all expanded.', { expand: 'all' }),
  real('pytorch-events', 'PyTorch event file', 'events.out.tfevents.1655100151.ziorathe.8535.0', 'The graph PyTorch’s SummaryWriter.add_graph wrote for the Fashion-MNIST tutorial net, read from its event file, all expanded.', { expand: 'all' }),
  real('keras-events', 'Keras event file', 'events.out.tfevents.1585231889.LEMON.12072.235.v2', 'The graph the TF 2 Keras TensorBoard callback wrote, among 1,200 scalar and histogram events.'),
  {
    group: 'generated',
    id: '10k',
    title: '10,000 ops',
    blurb: 'A seeded synthetic training graph (model, optimizer, gradients, devices over a cluster), generated at build time.',
    kind: 'graph',
    src: generatedUrl('train-10k.pb'),
  },
  {
    group: 'generated',
    id: '100k',
    title: '100,000 ops',
    blurb: 'The same generator at 100,000 ops (a 32 MiB GraphDef): decoded and laid out off the main thread.',
    kind: 'graph',
    src: generatedUrl('train-100k.pb'),
  },
  {
    group: 'stress',
    id: 'stress-10k',
    title: '10,000 ops on screen',
    blurb: 'The 10k graph fully expanded, so every op is drawn at once. Run the zoom or pan loop and watch the frame times.',
    kind: 'stress',
    src: generatedUrl('train-10k.pb'),
    expand: 'all',
  },
  {
    group: 'embed',
    id: 'embed-page',
    title: 'Embed in a page',
    blurb: 'A plain HTML page with one module script and one tag: no bundler, no framework. The page shown here runs this source.',
    kind: 'embed',
  },
  { group: 'embed', id: 'drop-file', title: 'Drop your own file', blurb: 'Drop a graph file here, or choose one. It is read in your browser; nothing is uploaded.', kind: 'drop' },
  {
    group: 'url',
    id: 'src',
    title: 'URL',
    blurb: 'Any graph file by URL: add ?src=<url> to this page’s address, or type one here. The server must allow this page to fetch it (same origin or CORS).',
    kind: 'url',
  },
  {
    group: 'about',
    id: 'sources',
    title: 'Graph sources and licences',
    blurb: 'Where each graph file bundled with this demo came from, and its licence.',
    kind: 'sources',
    src: 'graphs/ATTRIBUTION.md',
  },
];

export function findStory(group: string, id: string): Story | undefined {
  return STORIES.find((s) => s.group === group && s.id === id);
}

/** The story `?src=` opens. */
export const URL_STORY = STORIES.find((s) => s.kind === 'url')!;
