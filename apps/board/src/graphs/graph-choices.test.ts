import { describe, expect, it } from 'vitest';
import type { GraphInfo } from '../core/types.js';
import { graphRuns, graphUrl, hasConceptual, tagChoices, validSelection } from './graph-choices.js';

const INFO: GraphInfo = {
  train: {
    run: 'train',
    run_graph: true,
    tags: {
      keras: { tag: 'keras', conceptual_graph: true, op_graph: false, profile: false },
      batch_2: { tag: 'batch_2', conceptual_graph: false, op_graph: true, profile: true },
    },
  },
  'eval/x': { run: 'eval/x', run_graph: true, tags: {} },
};

describe('graph choices', () => {
  it('offers Default then op-graph tags, and Keras tags for the conceptual graph', () => {
    expect(tagChoices(INFO, 'train', 'op')).toEqual([
      { tag: null, label: 'Default' },
      { tag: 'batch_2', label: 'batch_2' },
    ]);
    expect(tagChoices(INFO, 'train', 'conceptual')).toEqual([{ tag: 'keras', label: 'keras' }]);
    expect(hasConceptual(INFO, 'train')).toBe(true);
    expect(hasConceptual(INFO, 'eval/x')).toBe(false);
    expect(tagChoices(INFO, 'missing', 'op')).toEqual([]);
    expect(graphRuns(INFO)).toEqual(['eval/x', 'train']);
  });

  it('builds relative graph URLs', () => {
    expect(graphUrl('eval/x', { tag: null, label: 'Default' }, 'op')).toBe('data/plugin/graphs/graph?run=eval%2Fx&format=binary');
    expect(graphUrl('train', { tag: 'keras', label: 'keras' }, 'conceptual')).toBe('data/plugin/graphs/graph?run=train&tag=keras&conceptual=true&format=binary');
  });

  it('keeps a selection valid: a run that went falls back to the first, conceptual only where there is one, a tag within range', () => {
    const runs = ['eval/x', 'train'];
    expect(validSelection(INFO, [], undefined, {})).toBeNull();
    expect(validSelection(INFO, runs, undefined, {})).toEqual({ run: 'eval/x', tag: 0, type: 'op' });
    const keras = validSelection(INFO, runs, undefined, { run: 'train', type: 'conceptual' });
    expect(keras).toEqual({ run: 'train', tag: 0, type: 'conceptual' });
    // eval/x has no Keras model: back to its op graph.
    expect(validSelection(INFO, runs, keras!, { run: 'eval/x' })).toEqual({ run: 'eval/x', tag: 0, type: 'op' });
    expect(validSelection(INFO, runs, { run: 'train', tag: 1, type: 'op' }, {})).toEqual({ run: 'train', tag: 1, type: 'op' });
    expect(validSelection(INFO, runs, { run: 'train', tag: 5, type: 'op' }, {})!.tag).toBe(0);
    expect(validSelection(INFO, ['train'], { run: 'gone', tag: 1, type: 'conceptual' }, {})).toEqual({ run: 'train', tag: 0, type: 'op' });
  });
});
