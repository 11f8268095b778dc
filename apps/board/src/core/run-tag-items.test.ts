import { describe, expect, it } from 'vitest';
import { runTagItems, tagLists } from './run-tag-items.js';

describe('runTagItems', () => {
  it('orders by tag (naturally), then by the shown runs, grouped by prefix', () => {
    const tags = tagLists({ a: { 'w/layer10': {}, 'w/layer2': {} }, b: ['w/layer2', 'x'], hidden: ['y'] });
    const items = runTagItems(tags, ['b', 'a'], (t) => t);
    expect(items.map((i) => `${i.group}|${i.tag}|${i.run}`)).toEqual(['w|w/layer2|b', 'w|w/layer2|a', 'w|w/layer10|a', 'x|x|b']);
  });

  it('applies the tag filter', () => {
    const items = runTagItems({ a: ['loss', 'acc'] }, ['a'], (t) => t.filter((x) => x.startsWith('l')));
    expect(items.map((i) => i.tag)).toEqual(['loss']);
  });
});
