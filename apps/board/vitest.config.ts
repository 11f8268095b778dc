import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 300_000,
    hookTimeout: 300_000,
    pool: 'forks',
    // The browser suites each drive a Chromium and a server: one at a time on a small machine.
    fileParallelism: false,
    // CI sums these reports into its closing "tests: N passed, N failed" line.
    reporters: ['default', ['json', { outputFile: 'test-results.json' }]],
  },
});
