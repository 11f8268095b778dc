/**
 * `tbg serve` end to end: the built bin (`dist/tbg.js`, build first) on the shared fixtures,
 * with --port 0; the printed URL answers; Ctrl-C (SIGINT) closes it with exit 0. Usage errors
 * exit 2, a missing logdir exits 1 with one line.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@tbg/testkit';
import { runTbg, TBG_BIN } from '../test-support/tbg-bin.js';
import { get } from './test-support/http.js';

/** Starts `tbg serve ARGS` and resolves with the URL it prints. */
async function serve(args: string[]): Promise<{ child: ChildProcess; url: string; stderr: () => string }> {
  const child = spawn(process.execPath, [TBG_BIN, 'serve', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stderr.on('data', (c: Buffer) => (err += c.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /tbg serve: (http:\/\/\S+)\n/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.on('exit', (code) => reject(new Error(`tbg serve exited ${code}: ${err}`)));
  });
  return { child, url, stderr: () => err };
}

async function stop(child: ChildProcess): Promise<number | null> {
  const exited = once(child, 'exit');
  child.kill('SIGINT');
  const [code] = (await exited) as [number | null];
  return code;
}

describe('tbg serve', () => {
  it('prints the URL, serves the logdir, reports loading, and exits 0 on SIGINT', async () => {
    const { child, url, stderr } = await serve(['--logdir', fixturePath('graphs', 'logdir'), '--port', '0', '--reload-interval', '0']);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    let runs: string[] = [];
    for (let i = 0; i < 100 && runs.length < 2; i++) {
      runs = (await get(url, '/data/runs')).json<string[]>();
      if (runs.length < 2) await new Promise((r) => setTimeout(r, 50));
    }
    expect(runs.sort()).toEqual(['criteo_tf_tile', 'zhacmsra_fc_quant']);
    const graph = await get(url, '/data/plugin/graphs/graph?run=criteo_tf_tile');
    expect(graph.status).toBe(200);
    for (let i = 0; i < 100 && !stderr().includes('loaded:'); i++) await new Promise((r) => setTimeout(r, 50));
    expect(stderr()).toMatch(/tbg serve: loaded: 2 run\(s\), 2 file\(s\), \d+ record\(s\)/);
    expect(await stop(child)).toBe(0);
  });

  it('takes --logdir_spec name:dir,name:dir', async () => {
    const spec = `ev:${fixturePath('events', 'tf1-lingvo')},gr:${fixturePath('graphs', 'logdir')}`;
    const { child, url } = await serve(['--logdir_spec', spec, '--port=0', '--reload_interval=0', '--samples_per_plugin', 'scalars=10']);
    let runs: string[] = [];
    for (let i = 0; i < 100 && runs.length < 3; i++) {
      runs = (await get(url, '/data/runs')).json<string[]>();
      if (runs.length < 3) await new Promise((r) => setTimeout(r, 50));
    }
    expect(runs.sort()).toEqual(['ev', 'gr/criteo_tf_tile', 'gr/zhacmsra_fc_quant']);
    const tags = (await get(url, '/data/plugin/scalars/tags')).json<Record<string, Record<string, unknown>>>();
    const tag = Object.keys(tags.ev!)[0]!;
    const rows = (await get(url, `/data/plugin/scalars/scalars?run=ev&tag=${encodeURIComponent(tag)}`)).json<unknown[]>();
    expect(rows).toHaveLength(10);
    expect(await stop(child)).toBe(0);
  });

  it('exits 2 on bad usage and 1 on a missing logdir, with one line', () => {
    for (const args of [[], ['--logdir', '.', '--port', 'x'], ['--logdir', '.', '--samples-per-plugin', 'scalars=-1'], ['--logdir', '.', '--bogus']]) {
      const r = runTbg('serve', args);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(/^tbg serve: /);
    }
    const r = runTbg('serve', ['--logdir', '/no/such/dir']);
    expect(r.status).toBe(1);
    expect(r.stderr).toBe('tbg serve: /no/such/dir: no such file or directory\n');
  });

  it('has --help', () => {
    const r = runTbg('serve', ['--help']);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('--logdir_spec');
  });
});
