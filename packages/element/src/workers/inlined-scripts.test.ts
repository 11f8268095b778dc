/**
 * The built module's inlined worker scripts (tsup.config.ts): the view and ELK workers' code must
 * run as a function's body, or every load pays a `blob:` import again (boot-worker.ts) with no
 * test noticing; the renderer's, which the page's thread imports for its exports, stays a module.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIST } from '../test-support/element-page.js';

describe('inlined worker scripts in dist/tf-graph.js', () => {
  it('run as functions (view, ELK) or as a module (render), each with its file name', () => {
    const text = readFileSync(join(DIST, 'tf-graph.js'), 'utf8');
    const marks = Object.fromEntries([...text.matchAll(/runAs:"(script|module)",name:"([^"]+)"/g)].map((m) => [m[2]!, m[1]!]));
    expect(marks).toEqual({ 'tf-graph-view-worker.js': 'script', 'tf-graph-elk-worker.js': 'script', 'tf-graph-render-worker.js': 'module' });
  });
});
