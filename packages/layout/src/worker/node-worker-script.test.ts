import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { nodeWorkerScript } from './node-worker-script.js';

const dist = join(mkdtempSync(join(tmpdir(), 'elk-worker-script-')), 'dist');
mkdirSync(join(dist, 'worker'), { recursive: true });
writeFileSync(join(dist, 'worker', 'elk-worker.js'), '');
afterAll(() => rmSync(join(dist, '..'), { recursive: true, force: true }));

const fromDist = (file: string) => pathToFileURL(join(dist, file)).href;

it('finds the built worker from dist/index.js, a chunk, a bundle one level down and the bench bundle', () => {
  const worker = pathToFileURL(join(dist, 'worker', 'elk-worker.js')).href;
  for (const bundle of ['index.js', 'chunk-ABC123.js', 'sub/bundle.js', '../bench-dist/bench.js', 'worker/elk-worker.js']) {
    const script = nodeWorkerScript(fromDist(bundle));
    expect(String(script.filename), bundle).toBe(worker);
    expect(script.options).toEqual({});
  }
});

it('says where it looked when the built worker is missing', () => {
  expect(() => nodeWorkerScript(pathToFileURL(join(dist, '..', 'other', 'elsewhere', 'index.js')).href)).toThrow(
    /elk-worker script not found from .*elsewhere\/index\.js \(looked for \.\/worker\/elk-worker\.js, \.\.\/worker\/elk-worker\.js, \.\.\/dist\/worker\/elk-worker\.js, \.\/elk-worker\.js\)/,
  );
});

it('starts the TS entry through tsx when running from sources', () => {
  const script = nodeWorkerScript();
  expect(script.options).toEqual({ eval: true });
  expect(script.filename).toContain('tsx/dist/esm/api/index.mjs');
  expect(script.filename).toContain(new URL('./elk-worker.ts', import.meta.url).href);
});
