/**
 * Filtering and sorting of hparams session groups by a ListSessionGroupsRequest's
 * `allowedStatuses` and `colParams` (`list_session_groups.py`, simplified: one pass of filters,
 * then a stable sort by each ordered column in turn of priority).
 */
import type { MetricValue, Session } from '../hparams-model.js';
import { RE2JS } from 're2js';

export interface SessionGroup {
  name: string;
  hparams: Record<string, unknown>;
  metricValues: MetricValue[];
  sessions: Array<Omit<Session, 'group' | 'hparams'>>;
  monitorUrl: string;
}

export interface ColParam {
  hparam?: string;
  metric?: { group?: string; tag?: string };
  order?: 'ORDER_UNSPECIFIED' | 'ORDER_ASC' | 'ORDER_DESC' | number;
  missingValuesFirst?: boolean;
  filterRegexp?: string;
  filterInterval?: { minValue?: number; maxValue?: number };
  filterDiscrete?: unknown[];
  excludeMissingValues?: boolean;
}

type Cell = string | number | boolean | null | undefined;

/** A hparam or metric value as a comparable cell (lists and structs by their JSON text). */
function cell(v: unknown): Cell {
  if (v === null || v === undefined || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  return JSON.stringify(v);
}

function columnValue(g: SessionGroup, c: ColParam): Cell {
  if (c.hparam !== undefined) return cell(g.hparams[c.hparam]);
  const m = g.metricValues.find((v) => v.name.group === (c.metric?.group ?? '') && v.name.tag === (c.metric?.tag ?? ''));
  return m?.value;
}

/**
 * The request's pattern searched for in a value, by RE2 (linear time): with JavaScript's own
 * engine a pattern such as `^(.+)+Q$` backtracks for minutes and blocks the whole server. A
 * pattern RE2 cannot parse matches nothing.
 */
function matches(pattern: string, value: string): boolean {
  if (compiled?.pattern !== pattern) {
    let re: RE2JS | null = null;
    try {
      re = RE2JS.compile(pattern);
    } catch {
      // Not a pattern RE2 reads: nothing matches it.
    }
    compiled = { pattern, re };
  }
  return compiled.re?.matcher(value).find() ?? false;
}

/** The last pattern compiled: a request filters every group by the same few. */
let compiled: { pattern: string; re: RE2JS | null } | null = null;

function passes(g: SessionGroup, c: ColParam): boolean {
  const v = columnValue(g, c);
  if (v === undefined || v === null) return !c.excludeMissingValues;
  if (c.filterRegexp !== undefined && c.filterRegexp !== '' && !matches(c.filterRegexp, String(v))) return false;
  if (c.filterInterval && typeof v === 'number') {
    const lo = c.filterInterval.minValue ?? -Infinity;
    const hi = c.filterInterval.maxValue ?? Infinity;
    if (v < lo || v > hi) return false;
  }
  if (Array.isArray(c.filterDiscrete) && c.filterDiscrete.length && !c.filterDiscrete.some((x) => x === v)) return false;
  return true;
}

function compare(a: Cell, b: Cell, c: ColParam): number {
  const missA = a === undefined || a === null;
  const missB = b === undefined || b === null;
  if (missA || missB) return missA === missB ? 0 : (missA ? -1 : 1) * (c.missingValuesFirst ? 1 : -1);
  const d = typeof a === 'number' && typeof b === 'number' ? a - b : String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
  return c.order === 'ORDER_DESC' || c.order === 2 ? -d : d;
}

export function filterAndSort(groups: SessionGroup[], statuses: readonly string[], colParams: readonly ColParam[]): SessionGroup[] {
  let kept = groups.filter((g) => colParams.every((c) => passes(g, c)));
  if (statuses.length) kept = kept.filter((g) => g.sessions.every((s) => statuses.includes(s.status)));
  const ordered = colParams.filter((c) => c.order === 'ORDER_ASC' || c.order === 'ORDER_DESC' || c.order === 1 || c.order === 2);
  return kept.sort((a, b) => {
    for (const c of ordered) {
      const d = compare(columnValue(a, c), columnValue(b, c), c);
      if (d !== 0) return d;
    }
    return 0;
  });
}
