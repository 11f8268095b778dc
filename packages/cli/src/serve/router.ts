/**
 * Routing as TensorBoard does it (`application.py`, `experiment_id.py`): `/experiment/<eid>/rest`
 * is served as `/rest`, one trailing slash is dropped, exact routes first, then the fallback
 * (static assets). Paths are matched raw (still percent-encoded): a route name never decodes
 * into another one, and run/tag values only ever come from the query string.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { notFound, type Reply } from './reply.js';

export interface ApiRequest {
  method: string;
  /** The path after the experiment prefix, still percent-encoded. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** The request body (POST), as text. */
  body: string;
  /** `/experiment/<eid>` when given, else ''. */
  experimentId: string;
}

export type Handler = (req: ApiRequest) => Reply | Promise<Reply>;

const EXPERIMENT_PREFIX = /^\/experiment\/([^/]+)(\/.*)?$/;

/** Splits `/experiment/<eid>/rest` into ('<eid>', '/rest'); other paths keep the empty ID. */
export function stripExperiment(path: string): { experimentId: string; path: string } {
  const m = EXPERIMENT_PREFIX.exec(path);
  if (!m) return { experimentId: '', path };
  return { experimentId: m[1]!, path: m[2] ?? '/' };
}

/**
 * `/experiment/<eid>` without its slash: where to redirect (relative, `<eid>/` plus the query),
 * or null. The board's URLs are relative (`data/runs`): they would resolve beside the experiment.
 */
export function experimentRedirect(rawUrl: string): string | null {
  const q = rawUrl.indexOf('?');
  const path = q >= 0 ? rawUrl.slice(0, q) : rawUrl;
  const m = /^\/experiment\/([^/]+)$/.exec(path);
  return m ? `${m[1]!}/${q >= 0 ? rawUrl.slice(q) : ''}` : null;
}

/** TensorBoard's `_clean_path`: one trailing slash is removed from any path but `/`. */
export function cleanPath(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

export class Router {
  private readonly routes = new Map<string, Handler>();
  private fallback: Handler = () => {
    throw notFound();
  };

  add(path: string, handler: Handler): this {
    if (this.routes.has(path)) throw new Error(`route ${path} added twice`);
    this.routes.set(path, handler);
    return this;
  }

  /** Adds every route of a plugin under `/data/plugin/<name>`. */
  plugin(name: string, routes: Record<string, Handler>): this {
    for (const [sub, h] of Object.entries(routes)) this.add(`/data/plugin/${name}/${sub}`, h);
    return this;
  }

  setFallback(handler: Handler): this {
    this.fallback = handler;
    return this;
  }

  handle(req: ApiRequest): Reply | Promise<Reply> {
    const route = this.routes.get(cleanPath(req.path));
    return route ? route(req) : this.fallback(req);
  }
}
