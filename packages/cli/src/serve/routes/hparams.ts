/**
 * The hparams plugin (`hparams_plugin.py`): `/experiment` and `/session_groups` (JSON request as
 * the POST body or the `request` query parameter, camelCase or snake_case), `/metric_evals`.
 * Session groups: sessions grouped by group name, metrics averaged per group, filtered by
 * status and by `colParams` (regexp, interval, discrete, excludeMissingValues), sorted by the
 * `colParams` orders, then paged (`startIndex`, `sliceSize`; no `sliceSize` = all).
 */
import { experimentJson } from '../hparams-json.js';
import { findExperiment, listSessions, type MetricValue, type Session } from '../hparams-model.js';
import { jsonReply } from '../json-body.js';
import { invalidArgument, notFound, type Reply } from '../reply.js';
import type { ApiRequest, Handler } from '../router.js';
import type { RouteContext } from './context.js';
import { filterAndSort, type ColParam, type SessionGroup } from './hparams-filter.js';
import { scalarRoutes } from './scalars.js';

type Obj = Record<string, unknown>;

function camel(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camel);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value as Obj).map(([k, v]) => [k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()), camel(v)]));
  return value;
}

/** The request proto as JSON, from the body (POST) or `?request=`. */
export function requestOf(req: ApiRequest): Obj {
  const text = req.method === 'POST' && req.body ? req.body : (req.query.get('request') ?? '{}');
  try {
    const parsed = JSON.parse(text) as unknown;
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
    return camel(parsed) as Obj;
  } catch (err) {
    throw invalidArgument(`bad hparams request: ${(err as Error).message}`);
  }
}

function averaged(sessions: readonly Session[]): MetricValue[] {
  const sums = new Map<string, { mv: MetricValue; n: number }>();
  for (const s of sessions) {
    for (const mv of s.metricValues) {
      const key = `${mv.name.group}\0${mv.name.tag}`;
      const acc = sums.get(key);
      if (!acc) sums.set(key, { mv: { ...mv }, n: 1 });
      else {
        acc.mv.value += mv.value;
        acc.mv.trainingStep += mv.trainingStep;
        acc.mv.wallTimeSecs += mv.wallTimeSecs;
        acc.n++;
      }
    }
  }
  return [...sums.values()].map(({ mv, n }) => ({ name: mv.name, value: mv.value / n, trainingStep: mv.trainingStep / n, wallTimeSecs: mv.wallTimeSecs / n }));
}

function groups(sessions: readonly Session[]): SessionGroup[] {
  const byName = new Map<string, Session[]>();
  for (const s of sessions) {
    const list = byName.get(s.group);
    if (list) list.push(s);
    else byName.set(s.group, [s]);
  }
  return [...byName].map(([name, list]) => ({
    name,
    hparams: list[0]!.hparams,
    metricValues: averaged(list),
    sessions: list.map(({ group: _g, hparams: _h, ...rest }) => rest),
    monitorUrl: '',
  }));
}

function experimentOrFail(ctx: RouteContext) {
  const e = findExperiment(ctx.source);
  if (!e) throw notFound('no hparams data');
  return e;
}

function sessionGroups(ctx: RouteContext, req: ApiRequest): Reply {
  const r = requestOf(req);
  const all = groups(listSessions(ctx.source, experimentOrFail(ctx)));
  const statuses = Array.isArray(r.allowedStatuses) ? (r.allowedStatuses as unknown[]).map(String) : [];
  const colParams = Array.isArray(r.colParams) ? (r.colParams as ColParam[]) : [];
  const kept = filterAndSort(all, statuses, colParams);
  const start = Math.max(0, Math.trunc(Number(r.startIndex ?? 0)) || 0);
  const size = r.sliceSize === undefined ? kept.length : Math.max(0, Math.trunc(Number(r.sliceSize)) || 0);
  return jsonReply({ sessionGroups: kept.slice(start, start + size), totalSize: kept.length });
}

function metricEvals(ctx: RouteContext, req: ApiRequest): Reply | Promise<Reply> {
  const r = requestOf(req);
  const metric = (r.metricName ?? {}) as { group?: string; tag?: string };
  const session = typeof r.sessionName === 'string' ? r.sessionName : '';
  const run = metric.group ? `${session}/${metric.group}` : session;
  const query = new URLSearchParams({ run, tag: metric.tag ?? '' });
  return scalarRoutes(ctx).scalars!({ ...req, method: 'GET', query });
}

export function hparamsRoutes(ctx: RouteContext): Record<string, Handler> {
  return {
    experiment: () => jsonReply(experimentJson(experimentOrFail(ctx))),
    session_groups: (req) => sessionGroups(ctx, req),
    metric_evals: (req) => metricEvals(ctx, req),
  };
}
