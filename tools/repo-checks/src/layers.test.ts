/**
 * The README's layer table, as package.json sees it: a package's runtime dependencies are only
 * the packages its row names; dev dependencies only packages above it; no cycles, no optional
 * peers that reach back up. ESLint checks the same table on every import (tools/eslint).
 */
import { describe, expect, it } from 'vitest';
import { LAYERS, layerViolation } from '../../eslint/tbg-rules.js';
import { workspacePackages } from './packages.js';

const tbgDeps = (deps: Record<string, string> | undefined) => Object.keys(deps ?? {}).filter((d) => d.startsWith('@tbg/'));

describe('package.json dependencies follow the layer table', () => {
  const packages = workspacePackages().filter((p) => p.json.name !== '@tbg/repo-checks');

  it('every workspace package has a row', () => {
    for (const p of packages) {
      const row = LAYERS.find((l) => l.name === p.json.name || (l.name === '(apps)' && p.dir.startsWith('apps/')));
      expect(row, `${p.json.name} (${p.dir}) is not in the layer table`).toBeDefined();
    }
  });

  for (const p of packages) {
    it(`${p.json.name}: runtime and peer dependencies are those its row names; dev dependencies lie above`, () => {
      const runtime = [...tbgDeps(p.json.dependencies), ...tbgDeps(p.json.peerDependencies), ...tbgDeps(p.json.optionalDependencies)];
      for (const d of runtime) expect(layerViolation(`${p.dir}/src/x.ts`, d), `${p.json.name} → ${d}`).toBeUndefined();
      for (const d of tbgDeps(p.json.devDependencies)) expect(layerViolation(`${p.dir}/src/x.test.ts`, d), `${p.json.name} → ${d} (dev)`).toBeUndefined();
    });
  }

  it('the rule itself: below is refused, even from a test; runtime code keeps to its row', () => {
    expect(layerViolation('packages/proto/src/a.ts', '@tbg/events')).toMatch(/below it/);
    expect(layerViolation('packages/proto/src/a.test.ts', '@tbg/events')).toMatch(/below it/);
    expect(layerViolation('packages/hierarchy/src/a.ts', '@tbg/events')).toMatch(/may use only @tbg\/proto/);
    expect(layerViolation('packages/hierarchy/src/a.test.ts', '@tbg/events')).toBeUndefined();
    expect(layerViolation('packages/layout/src/a.ts', '@tbg/testkit')).toMatch(/tests and benchmarks only/);
    expect(layerViolation('packages/cli/src/a.ts', '@tbg/layout/node')).toBeUndefined();
    expect(layerViolation('packages/layout/src/a.ts', 'elkjs')).toBeUndefined();
  });
});
