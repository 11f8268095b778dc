import { describe, expect, it } from 'vitest';
import { hasSourcePicker } from './toolbar-box.js';

describe('hasSourcePicker', () => {
  it('is true for several meta graphs or several event-file graphs, as the toolbar offers them', () => {
    expect(hasSourcePicker({})).toBe(false);
    expect(hasSourcePicker({ metaGraphs: [{ index: 0, tags: ['serve'] }] } as never)).toBe(false);
    expect(hasSourcePicker({ metaGraphs: [{ index: 0, tags: [] }, { index: 1, tags: [] }] } as never)).toBe(true);
    expect(hasSourcePicker({ eventTags: [{ tag: '__run_graph__' }, { tag: 'step1' }] } as never)).toBe(true);
  });
});
