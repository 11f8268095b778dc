/**
 * HParams data: the experiment (hparam and metric columns) and its session groups, through the
 * hparams plugin's JSON routes (`tensorboard-http-api.md` §6), and the table rows they make.
 */
import { num, postJson } from '../core/api.js';

export interface MetricName {
  group?: string;
  tag: string;
}

export interface Experiment {
  hparamInfos?: Array<{ name: string; displayName?: string; type?: string }>;
  metricInfos?: Array<{ name: MetricName; displayName?: string }>;
}

export interface SessionGroup {
  name: string;
  hparams?: Record<string, unknown>;
  metricValues?: Array<{ name: MetricName; value: number | string; trainingStep?: number }>;
  sessions?: Array<{ name: string; status?: string }>;
}

export interface Column {
  kind: 'hparam' | 'metric';
  key: string;
  title: string;
}

export const STATUSES = ['STATUS_UNKNOWN', 'STATUS_SUCCESS', 'STATUS_FAILURE', 'STATUS_RUNNING'];

export const metricKey = (m: MetricName): string => (m.group ? `${m.group}/${m.tag}` : m.tag);

export function columns(exp: Experiment): Column[] {
  return [
    ...(exp.hparamInfos ?? []).map((h) => ({ kind: 'hparam' as const, key: h.name, title: h.displayName || h.name })),
    ...(exp.metricInfos ?? []).map((m) => ({ kind: 'metric' as const, key: metricKey(m.name), title: m.displayName || metricKey(m.name) })),
  ];
}

/** A cell's value: an hparam's (the proto-JSON value may be a string, number or bool) or a metric's. */
export function cell(group: SessionGroup, col: Column): string | number | boolean | undefined {
  if (col.kind === 'hparam') {
    const v = group.hparams?.[col.key];
    return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? v : undefined;
  }
  const m = group.metricValues?.find((x) => metricKey(x.name) === col.key);
  return m ? num(m.value) : undefined;
}

export async function loadHparams(): Promise<{ experiment: Experiment; groups: SessionGroup[] }> {
  const experiment = await postJson<Experiment>('plugin/hparams/experiment', { experimentName: '' });
  const colParams = [
    ...(experiment.hparamInfos ?? []).map((h) => ({ hparam: h.name, order: 'ORDER_UNSPECIFIED', includeInResult: true })),
    ...(experiment.metricInfos ?? []).map((m) => ({ metric: m.name, order: 'ORDER_UNSPECIFIED', includeInResult: true })),
  ];
  const request = { experimentName: '', allowedStatuses: STATUSES, colParams, startIndex: 0, sliceSize: 1_000_000, includeMetrics: true };
  const res = await postJson<{ sessionGroups?: SessionGroup[] }>('plugin/hparams/session_groups', request);
  return { experiment, groups: res.sessionGroups ?? [] };
}
