/**
 * One Chromium harness per test file: started before the file's tests when `run` (Chromium is
 * there), with test-output/ ready for screenshots, and closed after them. Kept apart from
 * chromium-harness.ts, which the bench uses outside vitest.
 */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import { startHarness, TEST_OUTPUT, type Harness } from './chromium-harness.js';

/** Registers the file's hooks; call the returned function inside tests. */
export function useHarness(run: boolean, extraArgs: string[] = []): () => Harness {
  let harness: Harness | undefined;
  beforeAll(async () => {
    if (!run) return;
    mkdirSync(TEST_OUTPUT, { recursive: true });
    harness = await startHarness(extraArgs);
  }, 120_000);
  afterAll(async () => {
    await harness?.close();
  });
  return () => {
    if (!harness) throw new Error('the Chromium harness is not running');
    return harness;
  };
}
