/**
 * The hparams experiment and its sessions, from the served runs (`backend_context.py`,
 * `list_session_groups.py`): the experiment is the `_hparams_/experiment` summary if any run has
 * one, else it is built from the sessions' hparams and the scalar tags of their runs. A session
 * is a run with `_hparams_/session_start_info`; its metrics are the last scalar of each metric
 * (tag `tag` in run `session/group`).
 */
import type { TimeSeries } from '@tbg/events';
import { google, tensorboard } from '@tbg/proto';
import type { DataSource } from './data-source.js';
import { statusName, valueJson } from './hparams-json.js';

const EXPERIMENT_TAG = '_hparams_/experiment';
const SESSION_START_TAG = '_hparams_/session_start_info';
const SESSION_END_TAG = '_hparams_/session_end_info';

export interface MetricValue {
  name: { group: string; tag: string };
  value: number;
  trainingStep: number;
  wallTimeSecs: number;
}

export interface Session {
  name: string;
  group: string;
  hparams: Record<string, unknown>;
  startTimeSecs: number;
  endTimeSecs: number;
  status: string;
  modelUri: string;
  monitorUrl: string;
  metricValues: MetricValue[];
}

function hparamsData(s: TimeSeries | undefined): Extract<NonNullable<ReturnType<TimeSeries['points']['last']>>['data'], { kind: 'hparams' }> | undefined {
  const d = s?.points.last()?.data;
  return d?.kind === 'hparams' ? d : undefined;
}

/** Runs holding a session start, in run order. */
function sessionRuns(source: DataSource): string[] {
  return source.runs().map((r) => r.name).filter((run) => hparamsData(source.series(run, SESSION_START_TAG))?.sessionStart);
}

function metricNames(source: DataSource, sessions: readonly string[]): Array<{ group: string; tag: string }> {
  const seen = new Map<string, { group: string; tag: string }>();
  for (const { run, series } of source.seriesOf(['scalars'])) {
    const session = sessions.find((s) => run === s || run.startsWith(s + '/'));
    if (session === undefined) continue;
    const group = run === session ? '' : run.slice(session.length + 1);
    for (const s of series) if (!s.tag.startsWith('_hparams_/')) seen.set(`${group}\0${s.tag}`, { group, tag: s.tag });
  }
  return [...seen.values()];
}

function typeOf(v: google.protobuf.Value): tensorboard.hparams.DataType {
  const T = tensorboard.hparams.DataType;
  return v.kind === 'number_value' ? T.DATA_TYPE_FLOAT64 : v.kind === 'bool_value' ? T.DATA_TYPE_BOOL : v.kind === 'string_value' ? T.DATA_TYPE_STRING : T.DATA_TYPE_UNSET;
}

/** The experiment built from the sessions: each hparam with the discrete domain of its values. */
function derivedExperiment(source: DataSource, sessions: readonly string[]): tensorboard.hparams.Experiment {
  const values = new Map<string, google.protobuf.Value[]>();
  for (const run of sessions) {
    for (const [name, v] of Object.entries(hparamsData(source.series(run, SESSION_START_TAG))!.sessionStart!.hparams)) {
      const list = values.get(name) ?? [];
      if (!list.some((x) => JSON.stringify(valueJson(x)) === JSON.stringify(valueJson(v)))) list.push(v);
      values.set(name, list);
    }
  }
  return tensorboard.hparams.Experiment.create({
    hparam_infos: [...values].map(([name, vs]) => ({ name, type: typeOf(vs[0]!), domain_discrete: { values: vs }, differs: vs.length > 1 })),
    metric_infos: metricNames(source, sessions).map((name) => ({ name })),
  });
}

export function findExperiment(source: DataSource): tensorboard.hparams.Experiment | null {
  for (const r of source.runs()) {
    const e = hparamsData(source.series(r.name, EXPERIMENT_TAG))?.experiment;
    if (e) return e;
  }
  const sessions = sessionRuns(source);
  return sessions.length ? derivedExperiment(source, sessions) : null;
}

function metricValue(source: DataSource, session: string, name: { group: string; tag: string }): MetricValue | null {
  const run = name.group ? `${session}/${name.group}` : session;
  const p = source.series(run, name.tag)?.points.last();
  if (p?.data.kind !== 'scalar') return null;
  return { name: { group: name.group, tag: name.tag }, value: p.data.value, trainingStep: p.step, wallTimeSecs: p.wallTime };
}

export function listSessions(source: DataSource, experiment: tensorboard.hparams.Experiment): Session[] {
  const metrics = experiment.metric_infos.map((m) => ({ group: m.name?.group ?? '', tag: m.name?.tag ?? '' }));
  return sessionRuns(source).map((run) => {
    const start = hparamsData(source.series(run, SESSION_START_TAG))!.sessionStart!;
    const end = hparamsData(source.series(run, SESSION_END_TAG))?.sessionEnd ?? null;
    return {
      name: run,
      group: start.group_name || run,
      hparams: Object.fromEntries(Object.entries(start.hparams).map(([k, v]) => [k, valueJson(v)])),
      startTimeSecs: start.start_time_secs,
      endTimeSecs: end?.end_time_secs ?? 0,
      status: statusName(end?.status),
      modelUri: start.model_uri,
      monitorUrl: start.monitor_url,
      metricValues: metrics.map((m) => metricValue(source, run, m)).filter((v): v is MetricValue => v !== null),
    };
  });
}

export function hasHparams(source: DataSource): boolean {
  return source.runs().some((r) => hparamsData(source.series(r.name, EXPERIMENT_TAG)) || hparamsData(source.series(r.name, SESSION_START_TAG)));
}
