/**
 * Installed as a user installs it: every published package is packed (`pnpm pack`, which turns
 * `workspace:^` into versions), and the tarballs are installed together with `npm install` into
 * a scratch project outside the workspace (so nothing resolves through the workspace's
 * node_modules). There, each package is imported in Node and used; `<tf-graph>` is bundled by
 * Vite from `import '@tbg/element'` and loaded, like the packed `dist/tf-graph.js` from a plain
 * `<script type="module">`, in headless Chromium until it fires `graph-loaded`.
 * Needs the packages built, the npm registry (third-party dependencies and Vite) and Chromium.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { chromiumLaunchOptions, needChromium, startTestServer, type TestResponse, type TestServer } from '@tbg/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishedPackages, REPO_ROOT } from './packages.js';

const SUITE = 'repo-checks: installed as a user installs it';
const run = needChromium(SUITE);

/** A GraphDef small enough to inline: one scope, one data edge. */
const TINY_PBTXT = `node {
  name: "x"
  op: "Placeholder"
}
node {
  name: "layer/w"
  op: "Const"
}
node {
  name: "layer/y"
  op: "MatMul"
  input: "x"
  input: "layer/w"
}
`;

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.pbtxt': 'text/plain' };

let tmp = '';
let project = '';
let server: TestServer | null = null;
let browser: Browser | null = null;

function sh(cmd: string, args: string[], cwd = project): string {
  return execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 << 20 });
}

/** Runs an ES module snippet in the scratch project with Node and returns its stdout. */
function node(code: string): string {
  return sh(process.execPath, ['--input-type=module', '-e', code]);
}

/** Serves `/built/…` from the Vite output and `/plain/…` from a page next to the packed element. */
function route(path: string): TestResponse | null {
  const p = decodeURIComponent(path.split('?')[0]!);
  const roots: Record<string, string> = { '/built/': join(project, 'dist'), '/plain/': join(project, 'plain') };
  if (p.startsWith('/plain/tf-graph.js') || p.startsWith('/plain/workers/')) {
    return { body: readFileSync(join(project, 'node_modules', '@tbg', 'element', 'dist', p.slice('/plain/'.length))), type: 'text/javascript' };
  }
  for (const [prefix, dir] of Object.entries(roots)) {
    if (!p.startsWith(prefix)) continue;
    const file = normalize(join(dir, p.slice(prefix.length) || 'index.html'));
    if (!file.startsWith(dir)) return null;
    return { body: readFileSync(file), type: TYPES[extname(file)] ?? 'application/octet-stream' };
  }
  if (p === '/favicon.ico') return { body: '', type: 'image/x-icon' };
  return null;
}

/** Opens a page, waits for the element's `graph-loaded` (or `error`), returns it and the console errors. */
async function load(url: string): Promise<{ event: { type: string; detail: unknown }; errors: string[] }> {
  const page = await browser!.newPage({ viewport: { width: 800, height: 600 } });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('requestfailed', (r) => errors.push(`request failed: ${r.url()}`));
  page.on('response', (r) => r.status() >= 400 && errors.push(`${r.status()}: ${r.url()}`));
  try {
    await page.goto(url);
    await page.waitForFunction(() => (globalThis as unknown as { tfEvents: unknown[] }).tfEvents.length > 0, null, { timeout: 60_000 });
    const event = await page.evaluate(() => (globalThis as unknown as { tfEvents: Array<{ type: string; detail: unknown }> }).tfEvents[0]!);
    return { event, errors };
  } finally {
    await page.close();
  }
}

/** Records graph-loaded and error before the element is defined. */
const LISTEN = `<script>
  window.tfEvents = [];
  for (const t of ['graph-loaded', 'error'])
    document.addEventListener(t, (e) => window.tfEvents.push({ type: t, detail: e.detail && (e.detail.message ?? e.detail.nodeCount ?? null) }));
</script>`;

describe.runIf(run)('installed as a user installs it', () => {
  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'tbg-install-'));
    const tarballs = join(tmp, 'tarballs');
    project = join(tmp, 'project');
    mkdirSync(tarballs);
    mkdirSync(project);
    for (const { dir } of publishedPackages()) {
      expect(existsSync(join(REPO_ROOT, dir, 'dist')), `${dir}/dist is missing: build first`).toBe(true);
      execFileSync('pnpm', ['pack', '--pack-destination', tarballs], { cwd: join(REPO_ROOT, dir), stdio: 'ignore' });
    }
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'tbg-user', private: true, type: 'module' }));
    // All tarballs in one install, so that their dependencies on each other resolve to them.
    const files = readdirSync(tarballs).map((f) => join(tarballs, f));
    sh('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--no-package-lock', '--loglevel=error', ...files, 'vite@8.3.8']);
    writeFileSync(join(project, 'tiny.pbtxt'), TINY_PBTXT);
    browser = await chromium.launch(chromiumLaunchOptions());
    server = await startTestServer(route);
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  }, 120_000);

  it('every published package is installed from its tarball, with versions for its workspace dependencies', () => {
    for (const { json } of publishedPackages()) {
      const installed = JSON.parse(readFileSync(join(project, 'node_modules', json.name, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
      for (const [dep, range] of Object.entries(installed.dependencies ?? {})) {
        expect(range, `${json.name} → ${dep}`).not.toMatch(/^(workspace|file|link):/);
        // Exactly one copy of each @tbg package: the tarball's, not one from the registry.
        if (dep.startsWith('@tbg/')) expect(existsSync(join(project, 'node_modules', json.name, 'node_modules', dep)), `${json.name} has its own ${dep}`).toBe(false);
      }
    }
  });

  it('@tbg/proto parses a pbtxt GraphDef', () => {
    const out = node(`import { parsePbtxt } from '@tbg/proto';
      import { readFileSync } from 'node:fs';
      const g = parsePbtxt(readFileSync('tiny.pbtxt', 'utf8'), 'tensorflow.GraphDef');
      console.log(JSON.stringify(g.node.map((n) => n.name)));`);
    expect(JSON.parse(out)).toEqual(['x', 'layer/w', 'layer/y']);
  });

  it('@tbg/events computes a CRC-32C (its Node entry)', () => {
    expect(node(`import { jsCrc32c } from '@tbg/events'; console.log(jsCrc32c(new TextEncoder().encode('123456789')).toString(16));`).trim()).toBe('e3069283');
  });

  it('@tbg/hierarchy, @tbg/layout (and /node) and @tbg/render-pixi/style import in Node', () => {
    const out = node(`const h = await import('@tbg/hierarchy');
      const l = await import('@tbg/layout');
      const ln = await import('@tbg/layout/node');
      const s = await import('@tbg/render-pixi/style');
      console.log(JSON.stringify([typeof h.buildHierarchy, typeof l.LayoutSession, typeof ln.spawnNodeElkWorker, typeof s.structureColor, h.ROOT_NAME]));`);
    expect(JSON.parse(out)).toEqual(['function', 'function', 'function', 'function', '__root__']);
  });

  it('the @tbg/cli bin runs: --help, and `graph` on a pbtxt', () => {
    const bin = join(project, 'node_modules', '.bin', 'tbg');
    expect(sh(bin, ['--help'])).toMatch(/usage: tbg COMMAND/);
    const summary = JSON.parse(sh(bin, ['graph', 'tiny.pbtxt'])) as { nodeCount: number; edgeCount: number };
    expect(summary).toMatchObject({ nodeCount: 3, edgeCount: 2 });
  });

  it('the installed `tbg serve` serves its board: the example logdir shows in Chromium', async () => {
    const bin = join(project, 'node_modules', '.bin', 'tbg');
    sh(bin, ['example-logdir', 'example-logdir']);
    const serve = spawn(bin, ['serve', '--logdir', 'example-logdir', '--port', '0', '--reload-interval', '0'], { cwd: project, stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        const look = (d: Buffer) => {
          out += d.toString();
          const m = /http:\/\/[^\s]+/.exec(out);
          if (m) resolve(m[0]);
        };
        serve.stdout.on('data', look);
        serve.stderr.on('data', look);
        serve.on('exit', (code) => reject(new Error(`tbg serve exited ${code}: ${out}`)));
      });
      const page = await browser!.newPage({ viewport: { width: 1000, height: 700 } });
      try {
        await page.goto(`${url}#scalars`);
        await page.waitForSelector('canvas', { timeout: 30_000 });
        const tabs = await page.$$eval('nav.tabs a', (as) => as.map((a) => a.textContent));
        expect(tabs).toEqual(expect.arrayContaining(['SCALARS', 'HISTOGRAMS', 'IMAGES', 'GRAPHS']));
      } finally {
        await page.close();
      }
    } finally {
      serve.kill();
    }
  });

  it('@tbg/element ships its entry, its self-contained script and its workers', () => {
    const dist = join(project, 'node_modules', '@tbg', 'element', 'dist');
    for (const f of ['index.js', 'index.d.ts', 'tf-graph.js', 'workers/elk-worker.js', 'workers/view-worker.js', 'workers/render-worker.js']) {
      expect(existsSync(join(dist, f)), `@tbg/element: dist/${f}`).toBe(true);
    }
  });

  it("a page bundled by Vite from `import '@tbg/element'` loads a graph in Chromium", async () => {
    writeFileSync(
      join(project, 'index.html'),
      `<!doctype html><meta charset="utf-8"><body style="margin:0">${LISTEN}
<script type="module">import '@tbg/element';</script>
<tf-graph src="tiny.pbtxt" style="width:800px;height:600px"></tf-graph>`,
    );
    mkdirSync(join(project, 'public'), { recursive: true });
    writeFileSync(join(project, 'public', 'tiny.pbtxt'), TINY_PBTXT);
    sh(join(project, 'node_modules', '.bin', 'vite'), ['build', '--base', './', '--logLevel', 'warn']);
    expect(existsSync(join(project, 'dist', 'index.html'))).toBe(true);
    const { event, errors } = await load(`${server!.origin}/built/index.html`);
    expect(errors).toEqual([]);
    expect(event).toMatchObject({ type: 'graph-loaded' });
  });

  it('the packed dist/tf-graph.js, from a plain <script type="module">, loads a graph in Chromium', async () => {
    mkdirSync(join(project, 'plain'), { recursive: true });
    writeFileSync(join(project, 'plain', 'tiny.pbtxt'), TINY_PBTXT);
    writeFileSync(
      join(project, 'plain', 'index.html'),
      `<!doctype html><meta charset="utf-8"><body style="margin:0">${LISTEN}
<script type="module" src="tf-graph.js"></script>
<tf-graph src="tiny.pbtxt" style="width:800px;height:600px"></tf-graph>`,
    );
    const { event, errors } = await load(`${server!.origin}/plain/index.html`);
    expect(errors).toEqual([]);
    expect(event).toMatchObject({ type: 'graph-loaded' });
  });
});
