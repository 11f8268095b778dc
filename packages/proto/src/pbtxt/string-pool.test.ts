import { describe, expect, it } from 'vitest';
import { hashBytes } from './byte-map.js';
import { StringPool } from './string-pool.js';

describe('StringPool', () => {
  const text = new TextEncoder().encode('abc|abc|abd|café|café|' + 'x'.repeat(300) + '|' + 'x'.repeat(300));
  const pool = new StringPool(text);
  const get = (start: number, end: number) => pool.get(start, end, hashBytes(text, start, end));

  it('decodes byte ranges as UTF-8, equal bytes giving the same string', () => {
    expect(get(0, 3)).toBe('abc');
    expect(get(4, 7)).toBe('abc');
    expect(get(8, 11)).toBe('abd');
    expect(get(12, 17)).toBe('café');
    expect(get(18, 23)).toBe('café');
    expect(get(0, 0)).toBe('');
  });

  it('decodes long literals without pooling them', () => {
    expect(get(24, 324)).toBe('x'.repeat(300));
    expect(get(325, 625)).toBe('x'.repeat(300));
  });

  it('grows without losing entries', () => {
    const words = Array.from({ length: 5000 }, (_, i) => `node_${i}/Conv2D`);
    const big = new TextEncoder().encode(words.join('|') + '|' + words.join('|'));
    const p = new StringPool(big);
    let at = 0;
    const seen: string[] = [];
    for (let k = 0; k < 2 * words.length; k++) {
      const w = words[k % words.length]!;
      seen.push(p.get(at, at + w.length, hashBytes(big, at, at + w.length)));
      at += w.length + 1;
    }
    expect(seen).toEqual([...words, ...words]);
  });
});
