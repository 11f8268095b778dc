import { describe, expect, it } from 'vitest';
import { filterAndSort, type SessionGroup } from './hparams-filter.js';

const group = (name: string, note: string, lr: number): SessionGroup => ({ name, hparams: { note, lr }, metricValues: [], sessions: [], monitorUrl: '' });

describe('hparams filters', () => {
  const groups = [group('a', 'x'.repeat(5000), 0.1), group('b', 'adam, warm restarts', 0.01), group('c', 'sgd', 0.001)];

  it("a regular expression is searched for as TensorBoard's re.search does", () => {
    expect(filterAndSort(groups, [], [{ hparam: 'note', filterRegexp: 'warm' }]).map((g) => g.name)).toEqual(['b']);
    expect(filterAndSort(groups, [], [{ hparam: 'note', filterRegexp: '^s' }]).map((g) => g.name)).toEqual(['c']);
    // A number is matched as its text.
    expect(filterAndSort(groups, [], [{ hparam: 'lr', filterRegexp: '^0\\.0' }]).map((g) => g.name)).toEqual(['b', 'c']);
  });

  it('in linear time: on a 5,000-character value, a pattern that backtracks exponentially in JavaScript answers at once', () => {
    // With `new RegExp`, this test would not end (2^5000 ways to split the x's).
    expect(filterAndSort(groups, [], [{ hparam: 'note', filterRegexp: '^(x+x+)+y$' }])).toEqual([]);
  });

  it('a pattern RE2 cannot read (lookbehind, a bad group) matches nothing, without an exception', () => {
    expect(filterAndSort(groups, [], [{ hparam: 'note', filterRegexp: '(?<=a)d' }])).toEqual([]);
    expect(filterAndSort(groups, [], [{ hparam: 'note', filterRegexp: '(' }])).toEqual([]);
  });
});
