import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@tbg/testkit';
import { tensorflow } from '../gen/tf.js';
import { loadGraph } from '../load/load-graph.js';
import { kerasModelToGraphDef } from './keras-graph.js';
import type { KerasModelConfig } from './model-json.js';

const keras = (className: string, config: unknown): KerasModelConfig => ({ source: 'keras-json', className, config, kerasVersion: null, layerCount: 0 });
const inputsOf = (g: tensorflow.GraphDef) => Object.fromEntries(g.node.map((n) => [n.name, n.input]));
const text = (b: Uint8Array | null | undefined) => new TextDecoder().decode(b ?? undefined);

describe('kerasModelToGraphDef', () => {
  it('a real TF.js layers model (Inception v3, Keras 2 list-style inbound nodes): one node per layer, every inbound edge', () => {
    const bytes = readFileSync(fixturePath('tfjs-graphs', 'nsfwjs__inception_v3.layers-model.json'));
    const loaded = loadGraph(bytes, { name: 'inception_v3.layers-model.json' });
    expect(loaded.kind).toBe('keras-model');
    const g = loaded.graph;
    expect(g.node.length).toBe(318);
    const inputs = inputsOf(g);
    // Concatenate reads four branches; the classifier's last Dense reads the dropout before it.
    expect(inputs.mixed0).toEqual(['activation_6', 'activation_8', 'activation_11', 'activation_12']);
    expect(inputs.dense_3).toEqual(['dropout_3']);
    expect(inputs.input_1).toEqual([]);
    // 352 references in the file's inbound nodes, each an edge to a node that exists.
    const names = new Set(g.node.map((n) => n.name));
    expect(g.node.reduce((k, n) => k + n.input.length, 0)).toBe(352);
    for (const n of g.node) for (const i of n.input) expect(names.has(i), `${n.name} ← ${i}`).toBe(true);
    const mixed = g.node.find((n) => n.name === 'mixed0')!;
    expect(mixed.op).toBe('Concatenate');
    expect(text(mixed.attr.keras_class!.s)).toBe('Concatenate');
    expect(g.node.find((n) => n.name === 'input_1')!.attr.dtype!.type).toBe(tensorflow.DataType.DT_FLOAT);
    expect(loaded.warnings.join(' ')).toMatch(/Keras functional model \(318 layers\): shown as its conceptual graph, one node per layer \(a Keras model.json holds no op graph\)/);
  });

  it('Keras 3: dict-style inbound nodes, a nested Sequential as a name scope fed by its caller, a shared layer called twice, dtype policies', () => {
    const tensor = (name: string, k = 0) => ({ class_name: '__keras_tensor__', config: { shape: [null, 4], dtype: 'float32', keras_history: [name, k, 0] } });
    const policy = { module: 'keras', class_name: 'DTypePolicy', config: { name: 'float32' } };
    const g = kerasModelToGraphDef(
      keras('Functional', {
        name: 'outer',
        layers: [
          { class_name: 'InputLayer', name: 'a', config: { name: 'a', dtype: 'float32' }, inbound_nodes: [] },
          { class_name: 'InputLayer', name: 'b', config: { name: 'b', dtype: 'float32' }, inbound_nodes: [] },
          { class_name: 'Dense', name: 'shared', config: { name: 'shared', dtype: policy }, inbound_nodes: [{ args: [tensor('a')], kwargs: {} }, { args: [tensor('b')], kwargs: {} }] },
          {
            class_name: 'Sequential',
            name: 'block',
            config: {
              name: 'block',
              layers: [
                { class_name: 'Dense', config: { name: 'd1', dtype: { class_name: 'DTypePolicy', config: { name: 'mixed_float16' } } } },
                { class_name: 'ReLU', config: { name: 'act' } },
              ],
            },
            inbound_nodes: [{ args: [tensor('shared', 1)], kwargs: {} }],
          },
          { class_name: 'Add', name: 'sum', config: { name: 'sum' }, inbound_nodes: [{ args: [[tensor('shared', 0), tensor('block')]], kwargs: {} }] },
        ],
        input_layers: [['a', 0, 0], ['b', 0, 0]],
        output_layers: [['sum', 0, 0]],
      }),
    );
    expect(inputsOf(g)).toEqual({ a: [], b: [], shared: ['a', 'b'], 'block/d1': ['shared'], 'block/act': ['block/d1'], sum: ['shared', 'block/act'] });
    const dtype = (name: string) => g.node.find((n) => n.name === name)!.attr.dtype?.type;
    expect(dtype('shared')).toBe(tensorflow.DataType.DT_FLOAT);
    // A mixed-precision policy names no single dtype: no attr, as TensorBoard leaves it.
    expect(dtype('block/d1')).toBeUndefined();
  });

  it('a nested functional model: its inputs are fed by the caller, callers read its outputs', () => {
    const inner = {
      class_name: 'Functional',
      name: 'inner',
      config: {
        name: 'inner',
        layers: [
          { class_name: 'InputLayer', name: 'x', config: { name: 'x' }, inbound_nodes: [] },
          { class_name: 'Dense', name: 'h', config: { name: 'h' }, inbound_nodes: [[['x', 0, 0, {}]]] },
        ],
        input_layers: [['x', 0, 0]],
        output_layers: [['h', 0, 0]],
      },
      inbound_nodes: [[['in', 0, 0, {}]]],
    };
    const g = kerasModelToGraphDef(
      keras('Model', {
        layers: [{ class_name: 'InputLayer', name: 'in', config: { name: 'in' }, inbound_nodes: [] }, inner, { class_name: 'Dense', name: 'out', config: { name: 'out' }, inbound_nodes: [[['inner', 0, 0, {}]]] }],
        input_layers: [['in', 0, 0]],
        output_layers: [['out', 0, 0]],
      }),
    );
    expect(inputsOf(g)).toEqual({ in: [], 'inner/x': ['in'], 'inner/h': ['inner/x'], out: ['inner/h'] });
  });

  it('an old Sequential config (a bare list of layers) is a chain; nonsense gives an empty graph, not an exception', () => {
    const g = kerasModelToGraphDef(keras('Sequential', [{ class_name: 'Dense', config: { name: 'd1' } }, { class_name: 'Dense', config: { name: 'd2' } }]));
    expect(inputsOf(g)).toEqual({ d1: [], d2: ['d1'] });
    for (const config of [null, 7, 'x', { layers: 'no' }, { layers: [null, 3, { class_name: 5 }] }]) expect(() => kerasModelToGraphDef(keras('Model', config))).not.toThrow();
  });
});
