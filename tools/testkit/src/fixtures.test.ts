import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findRepoRoot, fixturePath, hasShared, repoRoot, sharedDir } from './fixtures.js';

describe('fixtures', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it('finds the monorepo root from the cwd and from deep inside it', () => {
    const root = repoRoot();
    expect(existsSync(join(root, 'pnpm-workspace.yaml'))).toBe(true);
    expect(findRepoRoot(join(root, 'tools', 'testkit', 'src'))).toBe(root);
  });

  it('falls back to this module location when the cwd is outside the repo', () => {
    const outside = mkdtempSync(join(tmpdir(), 'tbg-testkit-'));
    const expected = repoRoot();
    vi.spyOn(process, 'cwd').mockReturnValue(outside);
    expect(repoRoot()).toBe(expected);
  });

  it('resolves <root>/../shared and paths under shared/fixtures', () => {
    vi.stubEnv('TBG_SHARED_DIR', '');
    expect(sharedDir()).toBe(resolve(repoRoot(), '..', 'shared'));
    expect(fixturePath('graphs', 'x.pbtxt')).toBe(join(sharedDir(), 'fixtures', 'graphs', 'x.pbtxt'));
  });

  it('honours TBG_SHARED_DIR', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tbg-shared-'));
    mkdirSync(join(dir, 'fixtures'));
    writeFileSync(join(dir, 'fixtures', 'a.txt'), 'x');
    vi.stubEnv('TBG_SHARED_DIR', dir);
    expect(sharedDir()).toBe(resolve(dir));
    expect(hasShared()).toBe(true);
    expect(existsSync(fixturePath('a.txt'))).toBe(true);
    vi.stubEnv('TBG_SHARED_DIR', join(dir, 'nope'));
    expect(hasShared()).toBe(false);
    expect(() => fixturePath('a.txt')).toThrow(/the shared fixtures are missing: no .*nope\/fixtures/);
  });

  it('reports whether the real shared checkout is present', () => {
    vi.stubEnv('TBG_SHARED_DIR', '');
    expect(hasShared()).toBe(existsSync(resolve(repoRoot(), '..', 'shared')));
  });
});
