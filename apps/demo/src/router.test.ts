import { describe, expect, it } from 'vitest';
import { hashOf, parseHash, srcLink, srcParam } from './router.js';

describe('router', () => {
  it('reads and writes #/<group>/<story>', () => {
    expect(parseHash('#/real/xla-demo')).toEqual({ group: 'real', id: 'xla-demo' });
    expect(parseHash('#/real/xla-demo/')).toEqual({ group: 'real', id: 'xla-demo' });
    expect(hashOf({ group: 'stress', id: 'stress-10k' })).toBe('#/stress/stress-10k');
    for (const bad of ['', '#', '#/real', '#real/x', '#/a/b/c', '#/a b/c']) expect(parseHash(bad)).toBeUndefined();
  });

  it('reads ?src= and builds links to it', () => {
    expect(srcParam('?src=graphs%2Fa.pb')).toBe('graphs/a.pb');
    expect(srcParam('?x=1&src=https://h/x.pbtxt')).toBe('https://h/x.pbtxt');
    expect(srcParam('?src=%20')).toBeUndefined();
    expect(srcParam('')).toBeUndefined();
    const link = srcLink('https://h/m.json?v=1', { group: 'url', id: 'src' });
    expect(link).toBe('?src=https%3A%2F%2Fh%2Fm.json%3Fv%3D1#/url/src');
    expect(srcParam(link.slice(0, link.indexOf('#')))).toBe('https://h/m.json?v=1');
  });
});
