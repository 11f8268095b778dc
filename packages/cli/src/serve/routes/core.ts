/**
 * Core routes (`core_plugin.py`, `application.py`): runs, environment, logdir, window
 * properties, the always-empty experiment lists, the plugin listing, and ours under
 * `/data/tbg/`: `data_loss` (every damaged, non-event, half-written or refused file) and
 * `status` (loading progress).
 */
import { fileProblems } from '../file-problems.js';
import { hasHparams } from '../hparams-model.js';
import { jsonReply } from '../json-body.js';
import type { Handler } from '../router.js';
import type { RouteContext } from './context.js';
import { GRAPH_DATA_PLUGINS } from './graphs.js';

interface PluginEntry {
  name: string;
  element: string;
  /** The data plugins whose series make it enabled. */
  data: readonly string[];
  disableReload?: boolean;
}

/** TensorBoard's registration order, limited to the dashboards our board shows. */
const PLUGINS: readonly PluginEntry[] = [
  { name: 'scalars', element: 'tf-scalar-dashboard', data: ['scalars'] },
  { name: 'images', element: 'tf-image-dashboard', data: ['images'] },
  { name: 'audio', element: 'tf-audio-dashboard', data: ['audio'] },
  { name: 'graphs', element: 'tf-graph-dashboard', data: GRAPH_DATA_PLUGINS, disableReload: true },
  { name: 'distributions', element: 'tf-distribution-dashboard', data: ['histograms'] },
  { name: 'histograms', element: 'tf-histogram-dashboard', data: ['histograms'] },
  { name: 'text', element: 'tf-text-dashboard', data: ['text'] },
  { name: 'hparams', element: 'tf-hparams-dashboard', data: [] },
];

function pluginsListing(ctx: RouteContext): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const p of PLUGINS) {
    const enabled = p.name === 'hparams' ? hasHparams(ctx.source) : ctx.source.hasPlugin(p.data);
    out[p.name] = {
      disable_reload: p.disableReload ?? false,
      enabled,
      remove_dom: false,
      tab_name: p.name,
      loading_mechanism: { type: 'CUSTOM_ELEMENT', element_name: p.element },
    };
  }
  return out;
}

function environment(ctx: RouteContext): Record<string, unknown> {
  return {
    version: ctx.version,
    data_location: ctx.dataLocation,
    window_title: '',
    experiment_name: '',
    experiment_description: '',
    creation_time: 0,
    debug: { data_provider: 'tbg (@tbg/events Logdir)', flags: ctx.flags },
  };
}

export function coreRoutes(ctx: RouteContext, status: () => unknown): Record<string, Handler> {
  return {
    '/data/runs': () => jsonReply(ctx.source.runs().map((r) => r.name)),
    '/data/environment': () => jsonReply(environment(ctx)),
    '/data/logdir': () => jsonReply({ logdir: ctx.dataLocation }),
    '/data/window_properties': () => jsonReply({ window_title: '' }),
    '/data/experiments': () => jsonReply([]),
    '/data/experiment_runs': () => jsonReply([]),
    '/data/plugins_listing': () => jsonReply(pluginsListing(ctx)),
    '/data/tbg/data_loss': () => jsonReply({ files: fileProblems(ctx.source) }),
    '/data/tbg/status': () => jsonReply(status()),
  };
}
