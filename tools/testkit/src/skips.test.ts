import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { available, clearSkips, needOptional, readSkips, skipSummary } from './skips.js';

describe('honest skips', () => {
  let ci: string | undefined;
  let saved: ReturnType<typeof readSkips>;
  beforeEach(() => {
    ci = process.env['CI'];
    saved = readSkips();
    clearSkips();
  });
  afterEach(async () => {
    if (ci === undefined) delete process.env['CI'];
    else process.env['CI'] = ci;
    clearSkips();
    // Put back what other suites of this run recorded.
    const { recordSkip } = await import('./skips.js');
    for (const s of saved) recordSkip(s.test, s.reason);
  });

  it('present: runs, records nothing', () => {
    delete process.env['CI'];
    expect(available('a', true, 'x', true)).toBe(true);
    expect(readSkips()).toEqual([]);
  });

  it('missing locally: skips and records the test with its reason', () => {
    delete process.env['CI'];
    expect(available('suite one', false, 'no fixtures', true)).toBe(false);
    expect(needOptional('native crc', false, '@node-rs/crc32')).toBe(false);
    expect(readSkips()).toEqual([
      { test: 'suite one', reason: 'no fixtures' },
      { test: 'native crc', reason: 'optional @node-rs/crc32 is not installed' },
    ]);
  });

  it('missing in CI: a required thing fails, an optional one is still skipped', () => {
    process.env['CI'] = 'true';
    expect(() => available('suite two', false, 'no Chromium', true)).toThrow(/suite two: no Chromium \(required in CI\)/);
    expect(needOptional('native crc', false, 'addon')).toBe(false);
  });

  it('summary: one line grouped by reason', () => {
    expect(skipSummary([])).toBe('skipped: nothing');
    expect(
      skipSummary([
        { test: 'a', reason: 'r1' },
        { test: 'b', reason: 'r1' },
        { test: 'c', reason: 'r2' },
      ]),
    ).toBe('skipped 3: a, b (r1); c (r2)');
  });
});
