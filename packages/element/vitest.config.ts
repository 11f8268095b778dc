import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 120_000,
    pool: 'forks',
    // CI sums these reports into its closing "tests: N passed, N failed" line.
    reporters: ['default', ['json', { outputFile: 'test-results.json' }]],
  },
});
