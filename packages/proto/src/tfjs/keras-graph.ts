/**
 * A Keras model config → its conceptual graph: one NodeDef per layer (op = the layer's class),
 * nested models as name scopes, edges from each layer's inbound nodes. What TensorBoard shows as
 * the "conceptual graph" of a Keras model (notes: tensorboard-graph.md §2.4), with two
 * differences on purpose: Keras 2's list-style inbound nodes give edges too (TensorBoard drops
 * them), and every call of a shared layer counts, not only the first.
 */
import { tensorflow } from '../gen/tf.js';
import type { KerasModelConfig } from './model-json.js';

type Obj = Record<string, unknown>;

/** A layer as written: `{class_name, config, name?, inbound_nodes?}`. */
interface Layer {
  className: string;
  config: Obj;
  name: string;
  inbound: unknown;
}

/** A reference to a layer's output: [layer name, call index, tensor index]. */
type TensorRef = [string, number, number];

const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The conceptual graph of a Keras model config. */
export function kerasModelToGraphDef(keras: KerasModelConfig): tensorflow.GraphDef {
  const nodes: tensorflow.NodeDef[] = [];
  const root = { className: keras.className, config: modelConfig(keras.config), name: '', inbound: [] };
  walkModel(root, '', [], nodes);
  return tensorflow.GraphDef.create({ node: nodes });
}

/** Old Sequential configs are a bare list of layers. */
function modelConfig(config: unknown): Obj {
  if (Array.isArray(config)) return { layers: config };
  return isObj(config) ? config : {};
}

function layersOf(config: Obj): Layer[] {
  const list = Array.isArray(config.layers) ? config.layers : [];
  return list.filter(isObj).map((l) => {
    const cfg = isObj(l.config) ? l.config : {};
    const className = typeof l.class_name === 'string' ? l.class_name : 'Layer';
    const name = typeof cfg.name === 'string' ? cfg.name : typeof l.name === 'string' ? l.name : className;
    return { className, config: cfg, name, inbound: l.inbound_nodes };
  });
}

/** A layer that holds layers of its own (a nested Sequential or functional model). */
const isModel = (l: Layer) => Array.isArray(l.config.layers);

const isSequential = (model: { className: string; config: Obj }) => model.className === 'Sequential' || !Array.isArray(model.config.input_layers);

/**
 * Adds the nodes of `model`'s layers under `scope`; `feeds` are the node names that feed its
 * inputs (from the enclosing model). Returns the node names of its outputs.
 */
function walkModel(model: { className: string; config: Obj }, scope: string, feeds: string[], nodes: tensorflow.NodeDef[]): string[] {
  const sequential = isSequential(model);
  const outputs = new Map<string, string[]>();
  const inputLayers = sequential ? [] : refs(model.config.input_layers).map(([name]) => name);
  let previous = feeds;
  for (const layer of layersOf(model.config)) {
    let inputs: string[];
    if (sequential) inputs = layer.className === 'InputLayer' ? feeds : previous;
    else if (inputLayers.includes(layer.name)) inputs = feeds.length ? [feeds[Math.min(inputLayers.indexOf(layer.name), feeds.length - 1)]!] : [];
    else inputs = inboundRefs(layer.inbound).flatMap(([name, , tensor]) => pick(outputs.get(name), tensor));
    const outs = isModel(layer) ? walkModel(layer, `${scope}${layer.name}/`, inputs, nodes) : [addLayerNode(layer, scope, inputs, nodes)];
    outputs.set(layer.name, outs);
    previous = outs;
  }
  if (sequential) return previous;
  return refs(model.config.output_layers).flatMap(([name, , tensor]) => pick(outputs.get(name), tensor));
}

/** Output `tensor` of a layer's outputs, or the last one when out of range (a submodel's outputs). */
function pick(outs: string[] | undefined, tensor: number): string[] {
  if (!outs?.length) return [];
  return [outs[tensor] ?? outs[outs.length - 1]!];
}

function addLayerNode(layer: Layer, scope: string, inputs: string[], nodes: tensorflow.NodeDef[]): string {
  const name = `${scope}${layer.name}`;
  const attr: Record<string, tensorflow.AttrValue.$Properties> = { keras_class: { s: new TextEncoder().encode(layer.className) } };
  const dtype = dataType(layer.config.dtype);
  if (dtype !== null) attr.dtype = { type: dtype };
  nodes.push(tensorflow.NodeDef.create({ name, op: layer.className, input: [...new Set(inputs)], attr }));
  return name;
}

/** `[[name, call, tensor], …]` as written in `input_layers` / `output_layers`. */
function refs(v: unknown): TensorRef[] {
  if (!Array.isArray(v)) return [];
  // A single reference is written unwrapped in some configs: ["dense", 0, 0].
  if (typeof v[0] === 'string') return [toRef(v)].filter((r): r is TensorRef => r !== null);
  return v.map(toRef).filter((r): r is TensorRef => r !== null);
}

function toRef(v: unknown): TensorRef | null {
  if (!Array.isArray(v) || typeof v[0] !== 'string') return null;
  return [v[0], Number(v[1] ?? 0) || 0, Number(v[2] ?? 0) || 0];
}

/**
 * The layers a layer reads, over all its calls: Keras 2 writes each call as a list of
 * `[name, call, tensor, kwargs]`; Keras 3 as `{args, kwargs}` holding tensors whose
 * `config.keras_history` is `[name, call, tensor]`.
 */
function inboundRefs(inbound: unknown): TensorRef[] {
  if (!Array.isArray(inbound)) return [];
  const out: TensorRef[] = [];
  for (const call of inbound) {
    if (Array.isArray(call)) for (const r of call) out.push(...(toRef(r) ? [toRef(r)!] : []));
    else if (isObj(call)) collectHistories(call.args, out);
  }
  return out;
}

function collectHistories(v: unknown, out: TensorRef[], depth = 0): void {
  if (depth > 8) return;
  if (Array.isArray(v)) for (const x of v) collectHistories(x, out, depth + 1);
  else if (isObj(v)) {
    const ref = isObj(v.config) ? toRef(v.config.keras_history) : null;
    if (ref) out.push(ref);
    else for (const x of Object.values(v)) collectHistories(x, out, depth + 1);
  }
}

const DTYPES: Record<string, tensorflow.DataType> = {
  float16: tensorflow.DataType.DT_HALF,
  float32: tensorflow.DataType.DT_FLOAT,
  float64: tensorflow.DataType.DT_DOUBLE,
  bfloat16: tensorflow.DataType.DT_BFLOAT16,
  int8: tensorflow.DataType.DT_INT8,
  int16: tensorflow.DataType.DT_INT16,
  int32: tensorflow.DataType.DT_INT32,
  int64: tensorflow.DataType.DT_INT64,
  uint8: tensorflow.DataType.DT_UINT8,
  uint16: tensorflow.DataType.DT_UINT16,
  bool: tensorflow.DataType.DT_BOOL,
  string: tensorflow.DataType.DT_STRING,
  complex64: tensorflow.DataType.DT_COMPLEX64,
  complex128: tensorflow.DataType.DT_COMPLEX128,
};

/** A layer's dtype: a name, or a dtype policy `{class_name, config: {name}}`; null when none fits (`mixed_float16`). */
function dataType(v: unknown): tensorflow.DataType | null {
  const name = typeof v === 'string' ? v : isObj(v) && isObj(v.config) && typeof v.config.name === 'string' ? v.config.name : null;
  return name !== null && name in DTYPES ? DTYPES[name]! : null;
}
