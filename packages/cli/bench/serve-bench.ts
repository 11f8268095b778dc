/**
 * `tbg serve` on a generated logdir (RUNS runs × TAGS scalar tags × STEPS steps, plus the
 * example logdir's media and graphs): the first load (records per second), a reload with
 * nothing new, a reload after appending, and the latency of the board's main requests (the
 * median of ROUNDS, on loopback, gzip accepted as a browser does). JSON lines.
 */
import { request } from 'node:http';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createFileWriter } from '@tbg/events';
import { writeExampleLogdir } from '../src/example/write-example-logdir.js';
import { startServer } from '../src/serve/start-server.js';

const RUNS = 4;
const TAGS = 5;
const ROUNDS = 20;

const ms = (x: number) => Math.round(x * 10) / 10;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

/** Scalars that look like training, written with our own writer; returns the events written. */
function writeScalars(dir: string, steps: number, from = 0): number {
  for (let r = 0; r < RUNS; r++) {
    const w = createFileWriter(join(dir, `run_${r}`), { maxQueue: 1000, wallTime: () => 1.7e9 + from });
    for (let s = from; s < from + steps; s++) for (let t = 0; t < TAGS; t++) w.scalar(`metrics/tag_${t}`, Math.exp(-s / 5000) + 0.01 * Math.sin(s * (t + 1)), s);
    w.close();
  }
  return RUNS * TAGS * steps;
}

/** GET on loopback; resolves with the body's length once it has all arrived. */
function get(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
      let n = 0;
      res.on('data', (c: Buffer) => (n += c.length));
      res.on('end', () => (res.statusCode === 200 ? resolve(n) : reject(new Error(`${url}: HTTP ${res.statusCode}`))));
    });
    req.on('error', reject);
    req.end();
  });
}

async function latency(url: string): Promise<{ ms: number; bytes: number }> {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < ROUNDS; i++) {
    const t0 = performance.now();
    bytes = await get(url);
    times.push(performance.now() - t0);
  }
  return { ms: ms(median(times)), bytes };
}

export async function serveBench(tmp: string, steps: number): Promise<void> {
  const dir = join(tmp, 'logdir');
  writeExampleLogdir(join(dir, 'example'));
  const events = writeScalars(dir, steps);
  const server = await startServer({ logdirs: dir, port: 0, reloadIntervalS: 0, assetsDir: null, log: () => {} });
  try {
    const t0 = performance.now();
    await server.firstLoad;
    const loadMs = performance.now() - t0;
    const st = server.progress();
    console.log(JSON.stringify({ bench: 'cli', case: 'serve: first load', runs: RUNS + 7, scalarEvents: events, records: st.records, ms: ms(loadMs), recordsPerSec: Math.round(st.records / (loadMs / 1000)) }));
    let t = performance.now();
    await server.reload();
    console.log(JSON.stringify({ bench: 'cli', case: 'serve: reload, nothing new', ms: ms(performance.now() - t) }));
    const appended = writeScalars(dir, Math.round(steps / 10), steps);
    t = performance.now();
    await server.reload();
    console.log(JSON.stringify({ bench: 'cli', case: 'serve: reload after appending', appendedEvents: appended, ms: ms(performance.now() - t) }));
    const q = (path: string, params: Record<string, string> = {}) => `${server.url}${path}${Object.keys(params).length ? `?${new URLSearchParams(params).toString()}` : ''}`;
    const routes: Array<[string, string]> = [
      ['runs', q('data/runs')],
      ['plugins_listing', q('data/plugins_listing')],
      ['scalars/tags', q('data/plugin/scalars/tags')],
      ['scalars/scalars (1000 of the run\'s points)', q('data/plugin/scalars/scalars', { run: 'run_0', tag: 'metrics/tag_0' })],
      ['scalars/scalars csv', q('data/plugin/scalars/scalars', { run: 'run_0', tag: 'metrics/tag_0', format: 'csv' })],
      ['histograms/histograms', q('data/plugin/histograms/histograms', { run: 'example/train', tag: 'layer1/weights/summaries/histogram' })],
      ['graphs/graph (protobuf text, as TensorBoard)', q('data/plugin/graphs/graph', { run: 'example/train' })],
      ['graphs/graph (binary, as the board asks)', q('data/plugin/graphs/graph', { run: 'example/train', format: 'binary' })],
    ];
    for (const [route, url] of routes) console.log(JSON.stringify({ bench: 'cli', case: `serve: GET ${route}`, rounds: ROUNDS, ...(await latency(url)) }));
  } finally {
    await server.close();
  }
}
