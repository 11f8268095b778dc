/** The build (`pnpm build`) left everything the demo serves in dist/. */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GENERATED_GRAPHS } from './generated-graphs.js';
import { STORIES } from './stories.js';
import { DIST } from './test-support/demo-browser.js';

describe('build output (dist/)', () => {
  it('has the app, with relative asset URLs', () => {
    expect(existsSync(join(DIST, 'index.html')), `${DIST} is missing: build the demo first (pnpm -C apps/demo build)`).toBe(true);
    const html = readFileSync(join(DIST, 'index.html'), 'utf8');
    const scripts = [...html.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const s of scripts) {
      expect(s.startsWith('./'), s).toBe(true);
      expect(existsSync(join(DIST, s)), s).toBe(true);
    }
  });

  it('ships the element as one module file next to the plain embed page', () => {
    const bundle = join(DIST, 'tf-graph.js');
    expect(statSync(bundle).size).toBeGreaterThan(1000);
    const embed = readFileSync(join(DIST, 'embed.html'), 'utf8');
    expect(embed).toMatch(/<script type="module" src="tf-graph\.js"><\/script>/);
    expect(embed).toMatch(/<tf-graph src="graphs\/[^"]+"/);
    expect(existsSync(join(DIST, /<tf-graph src="([^"]+)"/.exec(embed)![1]!))).toBe(true);
  });

  it('has every story’s graph file, the generated ones included, and the attribution', () => {
    for (const s of STORIES.filter((s) => s.src)) expect(existsSync(join(DIST, s.src!)), s.src).toBe(true);
    for (const g of GENERATED_GRAPHS) {
      // A binary GraphDef is at least a few bytes per node.
      expect(statSync(join(DIST, 'generated', g.file)).size).toBeGreaterThan(g.options.nodes * 20);
    }
    expect(readFileSync(join(DIST, 'graphs', 'ATTRIBUTION.md'), 'utf8')).toMatch(/licence/);
  });
});
