/**
 * What each package publishes: `pnpm pack` of every public package holds its runtime only (no
 * benchmarks, tests, sources or source maps), and the tarball stays within its size budget.
 * Runs after the root build (the README's test command builds first).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { publishedPackages, REPO_ROOT } from './packages.js';

/**
 * Tarball budgets (gzipped bytes), about 25% over today's size so that a real regression —
 * a bundled dependency, a second copy of generated code, a benchmark — fails, and ordinary
 * growth does not.
 */
const BUDGET: Record<string, number> = {
  // Two builds of the generated code: the full one and `@tbg/proto/lean` (no JSON conversions).
  '@tbg/proto': 295_000,
  '@tbg/events': 75_000,
  '@tbg/hierarchy': 65_000,
  '@tbg/layout': 1_450_000,
  // 52.6 KB of commands (`serve`, `render`, `example-logdir`, …) and the board's static files
  // in dist/board (0.96 MB: its largest chunk is <tf-graph>), 1.01 MB in all (2026-11-26).
  '@tbg/cli': 1_150_000,
  // 57.6 KB with the view cache and its README section (2026-11-26); 72.3 KB after a day of
  // renderer work (structure palette, expand-button geometry, sampling while moving, supersampled
  // labels: 37 commits, no embedded data), its README's old benchmark runs condensed (2026-11-27).
  '@tbg/render-pixi': 90_000,
  // Three bundled workers (ELK, pixi.js, the pipeline — which paints the Canvas 2D first picture
  // with its own Roboto), the single-file dist/tf-graph.js, and the bundler entry with the workers inlined.
  '@tbg/element': 2_900_000,
};

/** Files a tarball may hold (the cli also ships the board's page, styles and icon). */
const ALLOWED = [/^package\.json$/, /^README\.md$/, /^LICENSE$/, /^dist\/.+\.(js|d\.ts)$/, /^proto\/.+\.proto$/, /^dist\/board\/.+\.(html|css|svg)$/];
const FORBIDDEN = [/\.map$/, /\.test\./, /bench/, /^src\//, /test-support/, /testkit/];

interface PackResult {
  name: string;
  filename: string;
  files: Array<{ path: string }>;
}

const tmp = mkdtempSync(join(tmpdir(), 'tbg-pack-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function pack(dir: string): PackResult {
  const out = execFileSync('pnpm', ['pack', '--json', '--pack-destination', tmp], { cwd: join(REPO_ROOT, dir), encoding: 'utf8' });
  return JSON.parse(out.slice(out.indexOf('{'))) as PackResult;
}

describe('pnpm pack of every published package', () => {
  const packages = publishedPackages();

  it('every published package has a budget', () => {
    expect(packages.map((p) => p.json.name).sort()).toEqual(Object.keys(BUDGET).sort());
  });

  for (const { dir, json } of packages) {
    it(`${json.name}: runtime files only, within ${BUDGET[json.name]} bytes`, () => {
      expect(existsSync(join(REPO_ROOT, dir, 'dist')), `${dir}/dist is missing: build first`).toBe(true);
      const r = pack(dir);
      const files = r.files.map((f) => f.path);
      expect(files).toContain('package.json');
      expect(files).toContain('README.md');
      expect(files.some((f) => f.startsWith('dist/'))).toBe(true);
      for (const f of files) {
        expect(ALLOWED.some((re) => re.test(f)), `${json.name}: ${f} is not a runtime file`).toBe(true);
        expect(FORBIDDEN.some((re) => re.test(f)), `${json.name}: ${f} must not be published`).toBe(false);
      }
      const size = statSync(r.filename).size;
      expect(size, `${json.name}: tarball ${size} bytes`).toBeLessThanOrEqual(BUDGET[json.name]!);
    });
  }
});
