/**
 * Honest skips. A test that needs something optional asks here first:
 * - in CI (`CI` set) a missing `../shared` fixture or a missing Chromium throws, so the suite
 *   fails instead of passing without running;
 * - locally the caller skips, and the skip is recorded by name with its reason, so that the
 *   root `pnpm test` ends with one line listing what did not run and why.
 * Optional native code is never required, in CI or not: it is tested where it is installed and
 * reported as skipped, by name, where it is not.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { CHROMIUM_PATH } from './chromium.js';
import { repoRoot, sharedDir } from './fixtures.js';

export interface SkipRecord {
  /** The suite or test that did not run. */
  test: string;
  reason: string;
}

/** Where this run's skips are recorded (one JSON object per line). */
export function skipLogPath(): string {
  return join(repoRoot(), 'node_modules', '.cache', 'tbg-skips.jsonl');
}

function inCi(): boolean {
  const ci = process.env['CI'];
  return !!ci && ci !== '0' && ci !== 'false';
}

/** Records that `test` was skipped locally because of `reason`. */
export function recordSkip(test: string, reason: string): void {
  const file = skipLogPath();
  mkdirSync(dirname(file), { recursive: true });
  appendFileSync(file, JSON.stringify({ test, reason } satisfies SkipRecord) + '\n');
}

/**
 * Whether something a test needs is here. When it is not: in CI with `requiredInCi`, throws
 * (the suite fails); otherwise records the skip and returns false.
 */
export function available(test: string, present: boolean, reason: string, requiredInCi: boolean): boolean {
  if (present) return true;
  if (requiredInCi && inCi()) throw new Error(`${test}: ${reason} (required in CI)`);
  recordSkip(test, reason);
  return false;
}

/** The shared fixtures (`../shared` or `$TBG_SHARED_DIR`): required in CI. */
export function needShared(test: string): boolean {
  let dir = '';
  try {
    dir = sharedDir();
  } catch {
    // no repo root: treated as missing
  }
  return available(test, dir !== '' && existsSync(join(dir, 'fixtures')), `no shared fixtures at ${dir || '../shared'}`, true);
}

/** Headless Chromium at CHROMIUM_PATH: required in CI (which installs it). */
export function needChromium(test: string): boolean {
  return available(test, existsSync(CHROMIUM_PATH), `no Chromium at ${CHROMIUM_PATH} (apt-get install chromium)`, true);
}

/** Optional native code: tested where installed, skipped by name elsewhere, in CI too. */
export function needOptional(test: string, present: boolean, what: string): boolean {
  return available(test, present, `optional ${what} is not installed`, false);
}

/** The skips recorded since the last `clearSkips()`, one per test name. */
export function readSkips(): SkipRecord[] {
  const file = skipLogPath();
  if (!existsSync(file)) return [];
  const seen = new Map<string, SkipRecord>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line) continue;
    const r = JSON.parse(line) as SkipRecord;
    seen.set(r.test, r);
  }
  return [...seen.values()];
}

export function clearSkips(): void {
  rmSync(skipLogPath(), { force: true });
}

/** The one closing line of a test run: what was skipped and why, or that nothing was. */
export function skipSummary(skips: readonly SkipRecord[]): string {
  if (skips.length === 0) return 'skipped: nothing';
  const byReason = new Map<string, string[]>();
  for (const s of skips) byReason.set(s.reason, [...(byReason.get(s.reason) ?? []), s.test]);
  const parts = [...byReason].map(([reason, tests]) => `${tests.join(', ')} (${reason})`);
  return `skipped ${skips.length}: ${parts.join('; ')}`;
}
