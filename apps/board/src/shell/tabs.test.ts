import { describe, expect, it } from 'vitest';
import { chooseTab, enabledTabs, tabOfHash } from './tabs.js';

describe('tabs', () => {
  it('reads the tab from the hash in its several spellings', () => {
    expect(tabOfHash('#scalars')).toBe('scalars');
    expect(tabOfHash('#/graphs')).toBe('graphs');
    expect(tabOfHash('#images&run=train')).toBe('images');
    expect(tabOfHash('#HParams')).toBe('hparams');
    expect(tabOfHash('#timeseries')).toBeUndefined();
    expect(tabOfHash('')).toBeUndefined();
  });

  it('keeps only enabled plugins, in board order, ignoring unknown ones', () => {
    const listing = {
      graphs: { enabled: true },
      timeseries: { enabled: true },
      scalars: { enabled: true },
      images: { enabled: false },
      text: { enabled: true },
    };
    expect(enabledTabs(listing).map((t) => t.id)).toEqual(['scalars', 'text', 'graphs']);
  });

  it('falls back to the first enabled tab when the hash names a missing one', () => {
    const enabled = enabledTabs({ scalars: { enabled: true }, graphs: { enabled: true } });
    expect(chooseTab('#graphs', enabled)).toBe('graphs');
    expect(chooseTab('#images', enabled)).toBe('scalars');
    expect(chooseTab('#images', [])).toBeUndefined();
  });
});
