/**
 * TF.js `model.json`: a graph model's `modelTopology` is a GraphDef in the protobuf JSON mapping;
 * a layers model (and a plain Keras `model.to_json()`) is a Keras config, returned as such for a
 * conceptual-graph view.
 */
import { GraphFormatError, type FormatName } from '../errors.js';
import type { tensorflow } from '../gen/tf.js';
import { jsonErrorAt } from './json-error.js';
import { messageFromJson } from '../schema/protojson.js';
import { jsonToWire } from '../schema/protojson-wire.js';
import { encodeMessage } from '../schema/messages.js';

const FORMAT: FormatName = 'TF.js model.json';

export interface TfjsWeightSpec {
  name: string;
  shape: number[];
  dtype: string;
}

/** What model.json says besides the topology. */
export interface TfjsModelInfo {
  format: string | null;
  generatedBy: string | null;
  convertedBy: string | null;
  /** The `signature` (or `userDefinedMetadata.signature`) object as written. */
  signature: unknown;
  /** Every weight of the manifest: the shapes of the Const nodes whose values live in shards. */
  weights: TfjsWeightSpec[];
}

/** A Keras model config: from a TF.js layers model or from Keras `model.to_json()`. */
export interface KerasModelConfig {
  source: 'tfjs-layers-model' | 'keras-json';
  className: string;
  /** `config` of the model as written (layers, inputs and outputs). */
  config: unknown;
  kerasVersion: string | null;
  layerCount: number;
}

export type ModelJson =
  | { kind: 'tfjs-graph-model'; graph: tensorflow.GraphDef; tfjs: TfjsModelInfo }
  | { kind: 'keras-model'; keras: KerasModelConfig; tfjs: TfjsModelInfo | null };

export function parseJsonText(input: string | Uint8Array, format: FormatName, file?: string): unknown {
  const text = typeof input === 'string' ? input : new TextDecoder('utf-8').decode(input);
  try {
    return JSON.parse(text);
  } catch (err) {
    const at = jsonErrorAt(text);
    // Line and column in characters; the offset in bytes of the UTF-8 input.
    let line = 1;
    let lineStart = 0;
    const upTo = at?.offset ?? 0;
    for (let k = 0; k < upTo; k++) {
      if (text.charCodeAt(k) === 10) {
        line++;
        lineStart = k + 1;
      }
    }
    const offset = at ? new TextEncoder().encode(text.slice(0, at.offset)).length : undefined;
    throw new GraphFormatError({
      format,
      reason: `invalid JSON: ${at?.reason ?? (err as Error).message}`,
      offset,
      line: at ? line : undefined,
      column: at ? at.offset - lineStart + 1 : undefined,
      file,
      cause: err,
    });
  }
}

/** Parses a TF.js model.json (graph or layers model) or a Keras model JSON. */
export function parseModelJson(input: string | Uint8Array, options: { file?: string; warnings?: string[] } = {}): ModelJson {
  const json = parseJsonText(input, FORMAT, options.file);
  return modelFromJson(json, options);
}

/** A model.json sorted out: a Keras config, or a graph model whose GraphDef is still JSON. */
type ModelJsonShape = Extract<ModelJson, { kind: 'keras-model' }> | { kind: 'tfjs-graph-model'; graphJson: Record<string, unknown>; rootPath?: string; tfjs: TfjsModelInfo };

export function modelFromJson(json: unknown, options: { file?: string; warnings?: string[] } = {}): ModelJson {
  const m = classify(json, options.file);
  if (m.kind === 'keras-model') return m;
  return { kind: 'tfjs-graph-model', graph: graphFromJson(m, options), tfjs: m.tfjs };
}

/**
 * As `modelFromJson`, with a graph model's GraphDef as wire bytes: written straight from the
 * JSON (jsonToWire), or through message objects where those must word a warning or an error.
 */
export function modelWireFromJson(
  json: unknown,
  options: { file?: string; warnings?: string[] } = {},
): Extract<ModelJson, { kind: 'keras-model' }> | { kind: 'tfjs-graph-model'; graphBytes: Uint8Array; tfjs: TfjsModelInfo } {
  const m = classify(json, options.file);
  if (m.kind === 'keras-model') return m;
  const graphBytes = jsonToWire(m.graphJson, 'tensorflow.GraphDef') ?? encodeMessage('tensorflow.GraphDef', graphFromJson(m, options));
  return { kind: 'tfjs-graph-model', graphBytes, tfjs: m.tfjs };
}

function graphFromJson(m: Extract<ModelJsonShape, { kind: 'tfjs-graph-model' }>, options: { file?: string; warnings?: string[] }): tensorflow.GraphDef {
  return messageFromJson<tensorflow.GraphDef>(m.graphJson, 'tensorflow.GraphDef', {
    format: FORMAT,
    warnings: options.warnings,
    file: options.file,
    ...(m.rootPath ? { rootPath: m.rootPath } : {}),
  });
}

function classify(json: unknown, file: string | undefined): ModelJsonShape {
  if (json === null || typeof json !== 'object' || Array.isArray(json)) {
    throw new GraphFormatError({ format: FORMAT, reason: 'expected a JSON object at the top level', file });
  }
  const o = json as Record<string, unknown>;
  // A bare Keras config, e.g. the `graph_keras_model` summary of an event file.
  if (typeof o.class_name === 'string' && 'config' in o && !('modelTopology' in o)) {
    return { kind: 'keras-model', keras: kerasConfig(o, 'keras-json'), tfjs: null };
  }
  // A bare GraphDef in JSON form.
  if (Array.isArray(o.node) && !('modelTopology' in o)) return { kind: 'tfjs-graph-model', graphJson: o, tfjs: info(o) };
  const topo = o.modelTopology;
  if (topo === null || typeof topo !== 'object') {
    throw new GraphFormatError({ format: FORMAT, path: 'modelTopology', reason: 'missing modelTopology', file });
  }
  const t = topo as Record<string, unknown>;
  if (o.format === 'layers-model' || typeof t.class_name === 'string' || (t.model_config !== null && typeof t.model_config === 'object')) {
    const cfg = (t.model_config ?? t) as Record<string, unknown>;
    if (typeof cfg.class_name !== 'string') {
      throw new GraphFormatError({ format: FORMAT, path: 'modelTopology.model_config.class_name', reason: 'a layers model needs a class_name', file });
    }
    const keras = kerasConfig(cfg, 'tfjs-layers-model');
    if (typeof t.keras_version === 'string') keras.kerasVersion = t.keras_version;
    return { kind: 'keras-model', keras, tfjs: info(o) };
  }
  return { kind: 'tfjs-graph-model', graphJson: t, rootPath: 'modelTopology', tfjs: info(o) };
}

function kerasConfig(o: Record<string, unknown>, source: KerasModelConfig['source']): KerasModelConfig {
  const config = o.config;
  let layerCount = 0;
  if (Array.isArray(config)) layerCount = config.length; // very old Sequential configs
  else if (config && typeof config === 'object' && Array.isArray((config as Record<string, unknown>).layers)) {
    layerCount = ((config as Record<string, unknown>).layers as unknown[]).length;
  }
  return {
    source,
    className: o.class_name as string,
    config,
    kerasVersion: typeof o.keras_version === 'string' ? o.keras_version : null,
    layerCount,
  };
}

function info(o: Record<string, unknown>): TfjsModelInfo {
  const str = (v: unknown) => (typeof v === 'string' ? v : null);
  const weights: TfjsWeightSpec[] = [];
  if (Array.isArray(o.weightsManifest)) {
    for (const group of o.weightsManifest) {
      const ws = (group as Record<string, unknown> | null)?.weights;
      if (!Array.isArray(ws)) continue;
      for (const w of ws) {
        const r = w as Record<string, unknown>;
        if (typeof r.name === 'string') {
          weights.push({ name: r.name, shape: Array.isArray(r.shape) ? r.shape.map(Number) : [], dtype: str(r.dtype) ?? 'float32' });
        }
      }
    }
  }
  const udm = o.userDefinedMetadata as Record<string, unknown> | undefined;
  return {
    format: str(o.format),
    generatedBy: str(o.generatedBy),
    convertedBy: str(o.convertedBy),
    signature: o.signature ?? udm?.signature ?? null,
    weights,
  };
}
