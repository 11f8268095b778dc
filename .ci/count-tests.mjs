// Sums the vitest JSON reports of every workspace package and prints CI's closing line.
// Usage: node .ci/count-tests.mjs <status of the earlier steps>
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const status = Number(process.argv[2] ?? 0);
let passed = 0;
let failed = 0;
const reports = [];
for (const group of ['packages', 'tools', 'apps']) {
  if (!existsSync(group)) continue;
  for (const dir of readdirSync(group)) {
    const file = join(group, dir, 'test-results.json');
    if (!existsSync(file)) continue;
    try {
      const r = JSON.parse(readFileSync(file, 'utf8'));
      passed += r.numPassedTests ?? 0;
      failed += (r.numFailedTests ?? 0) + (r.numRuntimeErrorTests ?? 0);
      // A suite that failed to load has no tests to count; count it as one failure.
      failed += (r.testResults ?? []).filter((s) => s.status === 'failed' && (s.assertionResults ?? []).length === 0).length;
      reports.push(`${file}: ${r.numPassedTests} passed, ${r.numFailedTests} failed`);
    } catch (err) {
      failed += 1;
      reports.push(`${file}: unreadable (${err.message})`);
    }
  }
}
for (const r of reports) console.log(r);
// An earlier step failed without a failing test to show for it.
if (status !== 0 && failed === 0) failed = 1;
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(status !== 0 || failed > 0 ? 1 : 0);
