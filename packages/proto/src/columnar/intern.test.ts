import { describe, expect, it } from 'vitest';
import { encodeUtf8 } from '../wire/utf8.js';
import { withArena } from './arena.js';
import { ByteInterner } from './intern.js';

describe('ByteInterner', () => {
  it('gives equal byte strings one id across growth and rehashing, and finds only what it holds', () => {
    // Names that differ only in the middle or at the end, as unrolled scopes do.
    const words: string[] = [];
    for (let i = 0; i < 3000; i++) words.push(`rnn/while/cell_${i}/gates/MatMul`, `tower_${i % 7}/conv/Relu_${i}`);
    const text = words.join('|');
    const buf = encodeUtf8(text);
    const ranges: Array<[number, number]> = [];
    let o = 0;
    for (const w of words) {
      ranges.push([o, o + w.length]);
      o += w.length + 1;
    }
    withArena((arena) => {
      const names = new ByteInterner(arena, buf, 16);
      const ids = ranges.map(([s, e]) => names.intern(s, e));
      const strings = names.decodeAll();
      const distinct = new Set(words);
      expect(names.size).toBe(distinct.size);
      expect(new Set(ids).size).toBe(distinct.size);
      ranges.forEach(([s, e], i) => {
        expect(names.find(s, e)).toBe(ids[i]);
        expect(strings[ids[i]!]).toBe(words[i]);
      });
      // A prefix of an interned name is not interned.
      expect(names.find(ranges[0]![0], ranges[0]![1] - 1)).toBe(-1);
      // internSmall agrees with intern, including on cache slot collisions.
      for (const [s, e] of ranges.slice(0, 200)) expect(names.internSmall(s, e)).toBe(names.find(s, e));
    });
  });
});
