/**
 * The whole server's routing table: core routes, every plugin's routes, then static assets (the
 * board) or the built-in page. Also under `/experiment/<id>/` (see router.ts).
 */
import { builtinPage } from './builtin-page.js';
import { notFound } from './reply.js';
import { Router, type ApiRequest } from './router.js';
import { audioRoutes } from './routes/audio.js';
import type { RouteContext } from './routes/context.js';
import { coreRoutes } from './routes/core.js';
import { graphRoutes } from './routes/graphs.js';
import { distributionRoutes, histogramRoutes } from './routes/histograms.js';
import { hparamsRoutes } from './routes/hparams.js';
import { imageRoutes } from './routes/images.js';
import { scalarRoutes } from './routes/scalars.js';
import { textRoutes } from './routes/text.js';
import type { StaticAssets } from './static-assets.js';

/** Paths answered 404 without a look at the assets (TensorBoard does the same). */
const QUIET_404 = new Set(['/___rPc_sWiTcH___']);

export function buildRouter(ctx: RouteContext, assets: StaticAssets | null, status: () => unknown): Router {
  const router = new Router();
  for (const [path, h] of Object.entries(coreRoutes(ctx, status))) router.add(path, h);
  router
    .plugin('scalars', scalarRoutes(ctx))
    .plugin('histograms', histogramRoutes(ctx))
    .plugin('distributions', distributionRoutes(ctx))
    .plugin('images', imageRoutes(ctx))
    .plugin('audio', audioRoutes(ctx))
    .plugin('text', textRoutes(ctx))
    .plugin('graphs', graphRoutes(ctx))
    .plugin('hparams', hparamsRoutes(ctx));
  router.setFallback((req: ApiRequest) => {
    if (QUIET_404.has(req.path) || req.path.startsWith('/data/')) throw notFound();
    if (assets) return assets.serve(req);
    if (req.path === '/' || req.path === '/index.html') return builtinPage();
    throw notFound();
  });
  return router;
}
