/**
 * HParams protos as TensorBoard's proto-JSON (`plugin_util.proto_to_json`): lowerCamelCase
 * names, fields at their defaults printed, enums by name, google.protobuf.Value as plain JSON.
 */
import { google, tensorboard } from '@tbg/proto';

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

export function valueJson(v: google.protobuf.Value | null | undefined): Json {
  if (!v) return null;
  switch (v.kind) {
    case 'number_value':
      return v.number_value ?? 0;
    case 'string_value':
      return v.string_value ?? '';
    case 'bool_value':
      return v.bool_value ?? false;
    case 'list_value':
      return (v.list_value?.values ?? []).map(valueJson);
    case 'struct_value':
      return Object.fromEntries(Object.entries(v.struct_value?.fields ?? {}).map(([k, x]) => [k, valueJson(x)]));
    default:
      return null;
  }
}

const enumName = (e: Record<number, string>, n: number | null | undefined): string => e[n ?? 0] ?? String(n);

export function hparamInfoJson(h: tensorboard.hparams.HParamInfo): Record<string, Json> {
  const out: Record<string, Json> = {
    name: h.name,
    displayName: h.display_name,
    description: h.description,
    type: enumName(tensorboard.hparams.DataType, h.type),
    differs: h.differs,
  };
  if (h.domain === 'domain_discrete') out.domainDiscrete = (h.domain_discrete?.values ?? []).map(valueJson);
  if (h.domain === 'domain_interval') out.domainInterval = { minValue: h.domain_interval?.min_value ?? 0, maxValue: h.domain_interval?.max_value ?? 0 };
  return out;
}

export function metricInfoJson(m: tensorboard.hparams.MetricInfo): Record<string, Json> {
  return {
    name: { group: m.name?.group ?? '', tag: m.name?.tag ?? '' },
    displayName: m.display_name,
    description: m.description,
    datasetType: enumName(tensorboard.hparams.DatasetType, m.dataset_type),
  };
}

export function experimentJson(e: tensorboard.hparams.Experiment): Record<string, Json> {
  return {
    name: e.name,
    description: e.description,
    user: e.user,
    timeCreatedSecs: e.time_created_secs,
    hparamInfos: e.hparam_infos.map(hparamInfoJson),
    metricInfos: e.metric_infos.map(metricInfoJson),
  };
}

export function statusName(s: tensorboard.hparams.Status | null | undefined): string {
  return enumName(tensorboard.hparams.Status, s);
}
