import { describe, expect, it } from 'vitest';
import type { GraphInfo } from '../core/types.js';
import { graphRuns, graphUrl, hasConceptual, tagChoices } from './graph-choices.js';

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
    expect(graphUrl('eval/x', { tag: null, label: 'Default' }, 'op')).toBe('data/plugin/graphs/graph?run=eval%2Fx');
    expect(graphUrl('train', { tag: 'keras', label: 'keras' }, 'conceptual')).toBe('data/plugin/graphs/graph?run=train&tag=keras&conceptual=true');
  });
});
