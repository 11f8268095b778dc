/**
 * The Keras config (`model.to_json()`) of the same network, as the Keras TensorBoard callback
 * writes it (tag `keras`, plugin `graph_keras_model`): it gives the Graphs tab its conceptual
 * graph, a hierarchy of layers.
 */
import { MNIST_LAYERS } from './mnist-graph.js';

const dense = (name: string, units: number, activation: string) => ({
  class_name: 'Dense',
  config: {
    name,
    trainable: true,
    dtype: 'float32',
    units,
    activation,
    use_bias: true,
    kernel_initializer: { class_name: 'TruncatedNormal', config: { mean: 0, stddev: 0.1, seed: null } },
    bias_initializer: { class_name: 'Constant', config: { value: 0.1 } },
    kernel_regularizer: null,
    bias_regularizer: null,
    activity_regularizer: null,
    kernel_constraint: null,
    bias_constraint: null,
  },
});

export function mnistKerasModel(): object {
  const [l1, l2] = MNIST_LAYERS;
  return {
    class_name: 'Sequential',
    config: {
      name: 'mnist',
      layers: [
        { class_name: 'InputLayer', config: { batch_input_shape: [null, l1.inputs], dtype: 'float32', sparse: false, ragged: false, name: 'input' } },
        dense(l1.name, l1.units, 'relu'),
        { class_name: 'Dropout', config: { name: 'dropout', trainable: true, dtype: 'float32', rate: 0.1, noise_shape: null, seed: null } },
        dense(l2.name, l2.units, 'softmax'),
      ],
    },
    keras_version: '2.4.0',
    backend: 'tensorflow',
  };
}
