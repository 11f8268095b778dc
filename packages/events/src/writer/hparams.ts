/**
 * Builds the hparams plugin's `HParamsPluginData` contents the way TensorBoard's
 * `tensorboard.plugins.hparams` API does (experiment config, session start, session end),
 * including its session group name: the SHA-256 hex of the hparams as
 * `json.dumps(hparams, sort_keys=True, separators=(",", ":"))`, so sessions written here group
 * with identical ones written from Python.
 */
import { google, tensorboard } from '@tbg/proto';
import { sha256Hex } from './sha256.js';

const hp = tensorboard.hparams;

export type HParamValue = number | string | boolean;

export type HParamDomain =
  | { type: 'discrete'; values: readonly HParamValue[] }
  | { type: 'interval'; min: number; max: number };

export interface HParamSpec {
  name: string;
  displayName?: string;
  description?: string;
  domain?: HParamDomain;
}

export type DatasetType = 'training' | 'validation' | 'unknown';

export interface MetricSpec {
  tag: string;
  group?: string;
  displayName?: string;
  description?: string;
  datasetType?: DatasetType;
}

export interface HParamsConfig {
  hparams: readonly HParamSpec[];
  metrics: readonly MetricSpec[];
  timeCreatedSecs?: number;
  /** The experiment's Markdown description (`Experiment.description`). */
  description?: string;
}

export type SessionStatus = 'success' | 'failure' | 'running' | 'unknown';

export const EXPERIMENT_TAG = '_hparams_/experiment';
export const SESSION_START_INFO_TAG = '_hparams_/session_start_info';
export const SESSION_END_INFO_TAG = '_hparams_/session_end_info';

const DATASET_TYPES: Record<DatasetType, tensorboard.hparams.DatasetType> = {
  unknown: hp.DatasetType.DATASET_UNKNOWN,
  training: hp.DatasetType.DATASET_TRAINING,
  validation: hp.DatasetType.DATASET_VALIDATION,
};

const STATUSES: Record<SessionStatus, tensorboard.hparams.Status> = {
  unknown: hp.Status.STATUS_UNKNOWN,
  success: hp.Status.STATUS_SUCCESS,
  failure: hp.Status.STATUS_FAILURE,
  running: hp.Status.STATUS_RUNNING,
};

function protoValue(v: HParamValue, what: string): google.protobuf.Value.$Properties {
  switch (typeof v) {
    case 'boolean':
      return { bool_value: v };
    case 'number':
      return { number_value: v };
    case 'string':
      return { string_value: v };
    default:
      throw new TypeError(`${what} must be a number, string or boolean, got ${typeof v}`);
  }
}

function valueKind(v: HParamValue): 'number' | 'string' | 'boolean' {
  const t = typeof v;
  if (t !== 'number' && t !== 'string' && t !== 'boolean') throw new TypeError(`hparam domain values must be numbers, strings or booleans, got ${t}`);
  return t;
}

const DATA_TYPES = {
  number: hp.DataType.DATA_TYPE_FLOAT64,
  string: hp.DataType.DATA_TYPE_STRING,
  boolean: hp.DataType.DATA_TYPE_BOOL,
} as const;

function hparamInfo(spec: HParamSpec): tensorboard.hparams.HParamInfo.$Properties {
  if (typeof spec.name !== 'string' || spec.name === '') throw new TypeError('every hparam needs a non-empty name');
  const info: tensorboard.hparams.HParamInfo.$Properties = { name: spec.name };
  if (spec.displayName) info.display_name = spec.displayName;
  if (spec.description) info.description = spec.description;
  const d = spec.domain;
  if (!d) return info; // no domain: TB leaves the type unset too
  if (d.type === 'interval') {
    if (!(typeof d.min === 'number' && typeof d.max === 'number' && d.min <= d.max)) {
      throw new RangeError(`hparam ${spec.name}: interval needs numbers min <= max, got [${d.min}, ${d.max}]`);
    }
    info.type = hp.DataType.DATA_TYPE_FLOAT64;
    info.domain_interval = { min_value: d.min, max_value: d.max };
    return info;
  }
  if (d.type !== 'discrete') throw new TypeError(`hparam ${spec.name}: unknown domain type ${String((d as { type: unknown }).type)}`);
  if (d.values.length === 0) throw new RangeError(`hparam ${spec.name}: a discrete domain needs at least one value`);
  const kind = valueKind(d.values[0]!);
  for (const v of d.values) {
    if (valueKind(v) !== kind) throw new TypeError(`hparam ${spec.name}: discrete values must all have the same type (${kind})`);
  }
  // TB's Discrete domain sorts its values.
  const sorted = [...d.values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  info.type = DATA_TYPES[kind];
  info.domain_discrete = { values: sorted.map((v) => protoValue(v, `hparam ${spec.name} value`)) };
  return info;
}

function metricInfo(m: MetricSpec): tensorboard.hparams.MetricInfo.$Properties {
  if (typeof m.tag !== 'string' || m.tag === '') throw new TypeError('every metric needs a non-empty tag');
  const info: tensorboard.hparams.MetricInfo.$Properties = { name: m.group ? { group: m.group, tag: m.tag } : { tag: m.tag } };
  if (m.displayName) info.display_name = m.displayName;
  if (m.description) info.description = m.description;
  if (m.datasetType) {
    const t = DATASET_TYPES[m.datasetType];
    if (t === undefined) throw new TypeError(`metric ${m.tag}: unknown datasetType ${String(m.datasetType)}`);
    info.dataset_type = t;
  }
  return info;
}

function encodePluginData(data: tensorboard.hparams.HParamsPluginData.$Properties): Uint8Array {
  return hp.HParamsPluginData.encode({ version: 0, ...data }).finish();
}

/** Content for `_hparams_/experiment`. */
export function experimentContent(config: HParamsConfig, nowSecs: number): Uint8Array {
  const names = new Set<string>();
  for (const h of config.hparams) {
    if (names.has(h.name)) throw new RangeError(`duplicate hparam name ${h.name}`);
    names.add(h.name);
  }
  return encodePluginData({
    experiment: {
      hparam_infos: config.hparams.map(hparamInfo),
      metric_infos: config.metrics.map(metricInfo),
      time_created_secs: config.timeCreatedSecs ?? nowSecs,
      ...(config.description ? { description: config.description } : {}),
    },
  });
}

/** Content for `_hparams_/session_start_info`. */
export function sessionStartContent(
  values: Readonly<Record<string, HParamValue>>,
  opts: { trialId?: string; startTimeSecs?: number },
  nowSecs: number,
): Uint8Array {
  const hparams: Record<string, google.protobuf.Value.$Properties> = {};
  for (const name of Object.keys(values).sort()) hparams[name] = protoValue(values[name]!, `hparam ${name}`);
  return encodePluginData({
    session_start_info: {
      hparams,
      group_name: opts.trialId ?? sessionGroupName(values),
      start_time_secs: opts.startTimeSecs ?? nowSecs,
    },
  });
}

/** Content for `_hparams_/session_end_info`. */
export function sessionEndContent(opts: { status?: SessionStatus; endTimeSecs?: number }, nowSecs: number): Uint8Array {
  const status = STATUSES[opts.status ?? 'success'];
  if (status === undefined) throw new TypeError(`unknown session status ${String(opts.status)}`);
  return encodePluginData({ session_end_info: { status, end_time_secs: opts.endTimeSecs ?? nowSecs } });
}

/**
 * TB's `_derive_session_group_name` without a trial id. JS numbers do not know int from float:
 * safe-integer values print as Python ints (`32`, not `32.0`), so `{"lr": 1.0}` from Python and
 * `{lr: 1}` here hash differently; strings, bools and other floats match.
 */
export function sessionGroupName(values: Readonly<Record<string, HParamValue>>): string {
  return sha256Hex(new TextEncoder().encode(pythonJson(values)));
}

/** `json.dumps(obj, sort_keys=True, separators=(",", ":"))` for a flat record of scalars. */
export function pythonJson(values: Readonly<Record<string, HParamValue>>): string {
  const parts: string[] = [];
  for (const k of Object.keys(values).sort()) parts.push(`${pyString(k)}:${pyScalar(values[k]!)}`);
  return `{${parts.join(',')}}`;
}

function pyScalar(v: HParamValue): string {
  if (typeof v === 'string') return pyString(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v !== 'number') throw new TypeError(`hparam values must be numbers, strings or booleans, got ${typeof v}`);
  return pyNumber(v);
}

/** Python's ensure_ascii string escaping: everything outside printable ASCII becomes \uXXXX. */
function pyString(s: string): string {
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x22) out += '\\"';
    else if (c === 0x5c) out += '\\\\';
    else if (c >= 0x20 && c <= 0x7e) out += s[i];
    else if (c === 0x0a) out += '\\n';
    else if (c === 0x0d) out += '\\r';
    else if (c === 0x09) out += '\\t';
    else if (c === 0x08) out += '\\b';
    else if (c === 0x0c) out += '\\f';
    else out += `\\u${c.toString(16).padStart(4, '0')}`;
  }
  return `${out}"`;
}

/** Python `repr` of an int or float (shortest round-trip digits, Python's exponent rules). */
function pyNumber(x: number): string {
  if (Number.isNaN(x)) return 'NaN';
  if (x === Infinity) return 'Infinity';
  if (x === -Infinity) return '-Infinity';
  // Safe integers print as Python ints; anything larger was surely a float in Python too.
  if (Number.isSafeInteger(x)) return String(x);
  const [mant, expStr] = x.toExponential().split('e') as [string, string];
  const exp = Number(expStr);
  const neg = mant.startsWith('-');
  const digits = mant.replace('-', '').replace('.', '');
  let body: string;
  if (exp < -4 || exp >= 16) {
    const m = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    body = `${m}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
  } else if (exp < 0) {
    body = `0.${'0'.repeat(-exp - 1)}${digits}`;
  } else {
    const intLen = exp + 1;
    body = digits.length > intLen ? `${digits.slice(0, intLen)}.${digits.slice(intLen)}` : `${digits.padEnd(intLen, '0')}.0`;
  }
  return neg ? `-${body}` : body;
}
