/** Round trip: everything the writer writes reads back equal, through readEvents and migration. */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { decode as decodePng } from 'fast-png';
import { tensorflow } from '@tbg/proto';
import { createMemoryWriter } from './writer/memory-sink.js';
import { readEventsSync } from './read-events.js';
import { eventPoints, SeriesMetadataMemo } from './event/event-points.js';
import { histogramBuckets } from './writer/histogram-buckets.js';
import { loadGraphFromEvents } from './graph/event-graphs.js';
import { readEvents } from './node.js';
import type { SummaryPoint } from './event/summary-data.js';

function readBack(bytes: Uint8Array): SummaryPoint[] {
  const memo = new SeriesMetadataMemo();
  const { records, state } = readEventsSync(bytes);
  expect(state.errors).toEqual([]);
  expect(state.truncatedBytes).toBe(0);
  return records.flatMap((r) => eventPoints(r.event, memo));
}

describe('writer → reader round trip', () => {
  it('every summary kind reads back equal', () => {
    const { writer, sink } = createMemoryWriter();
    const hist = Float64Array.from({ length: 1000 }, (_, i) => Math.sin(i) * 3);
    const gray = { width: 4, height: 3, channels: 1 as const, data: Uint8Array.from({ length: 12 }, (_, i) => i * 20) };
    const clip = Float32Array.from({ length: 800 }, (_, i) => Math.sin(i / 10) * 0.8);
    const graph = new tensorflow.GraphDef({ node: [new tensorflow.NodeDef({ name: 'x', op: 'Placeholder' }), new tensorflow.NodeDef({ name: 'y', op: 'Neg', input: ['x'] })] });
    const rm = new tensorflow.RunMetadata({ step_stats: new tensorflow.StepStats({ dev_stats: [new tensorflow.DeviceStepStats({ device: '/cpu:0' })] }) });
    for (let s = 0; s < 5; s++) writer.scalar('loss', 1 / (s + 1), s, { description: 'training loss' });
    writer.histogram('w', hist, 7, { buckets: 12 });
    writer.image('img', [gray, gray], 3, { maxOutputs: 1 });
    writer.audio('snd', [clip, clip], 8000, 4, { labels: ['a', 'b'] });
    writer.text('note', [['a', 'b'], ['c', 'é']], 5);
    writer.text('title', 'hello *markdown*', 5);
    writer.graph(graph);
    writer.runMetadata('trace', rm, 9);
    writer.runMetadata('tagged', rm, 10, { kind: 'tagged' });
    writer.kerasModel('keras', { class_name: 'Sequential', config: { layers: [] } });
    writer.hparamsConfig({ hparams: [{ name: 'lr', domain: { type: 'interval', min: 1e-4, max: 1e-1 } }], metrics: [{ tag: 'loss' }] });
    writer.hparams({ lr: 0.01, optimizer: 'adam' });
    writer.hparamsEnd({ status: 'success' });
    writer.close();
    const ps = readBack(sink.bytes());
    const get = (tag: string) => ps.filter((p) => p.tag === tag);

    expect(get('loss').map((p) => [p.step, p.data.kind === 'scalar' && p.data.value])).toEqual([0, 1, 2, 3, 4].map((s) => [s, Math.fround(1 / (s + 1))]));
    expect(get('loss')[0]!.metadata).toMatchObject({ plugin: 'scalars', dataClass: 'scalar', description: 'training loss' });

    const h = get('w')[0]!;
    expect(h.metadata.plugin).toBe('histograms');
    expect(h.data.kind === 'histogram' && Array.from(h.data.buckets)).toEqual(Array.from(histogramBuckets(hist, 12).data));

    const im = get('img')[0]!.data;
    expect(im.kind).toBe('image');
    if (im.kind === 'image') {
      expect([im.width, im.height, im.images.length]).toEqual([4, 3, 1]);
      expect(Array.from(decodePng(im.images[0]!).data)).toEqual(Array.from(gray.data));
    }

    const au = get('snd')[0]!.data;
    expect(au.kind === 'audio' && au.clips.map((c) => c.label)).toEqual(['a', 'b']);
    if (au.kind === 'audio') expect(String.fromCharCode(...au.clips[0]!.audio.subarray(0, 4))).toBe('RIFF');

    expect(get('note')[0]!.data).toEqual({ kind: 'text', shape: [2, 2], strings: ['a', 'b', 'c', 'é'] });
    expect(get('title')[0]!.data).toEqual({ kind: 'text', shape: [], strings: ['hello *markdown*'] });

    const g = get('__run_graph__')[0]!.data;
    expect(g.kind === 'blob' && tensorflow.GraphDef.decode(g.blobs[0]!).node.map((n) => n.name)).toEqual(['x', 'y']);
    for (const tag of ['trace', 'tagged']) {
      const d = get(tag)[0]!.data;
      expect(d.kind === 'blob' && tensorflow.RunMetadata.decode(d.blobs[0]!).step_stats!.dev_stats[0]!.device).toBe('/cpu:0');
    }
    expect(get('trace')[0]!.metadata.plugin).toBe('graph_run_metadata');
    expect(get('tagged')[0]!.metadata.plugin).toBe('graph_tagged_run_metadata');
    const k = get('keras')[0]!.data;
    expect(k.kind === 'blob' && JSON.parse(new TextDecoder().decode(k.blobs[0]!)).class_name).toBe('Sequential');

    const exp = get('_hparams_/experiment')[0]!.data;
    expect(exp.kind === 'hparams' && exp.experiment!.hparam_infos[0]!.name).toBe('lr');
    const start = get('_hparams_/session_start_info')[0]!.data;
    expect(start.kind === 'hparams' && start.sessionStart!.hparams.optimizer!.string_value).toBe('adam');
    const end = get('_hparams_/session_end_info')[0]!.data;
    expect(end.kind === 'hparams' && end.sessionEnd!.status).toBe(1);

    // The graph loads through loadGraph as well.
    expect(loadGraphFromEvents(sink.bytes()).graph.node.length).toBe(2);
  });
});

describe('tailing across processes', () => {
  const here = dirname(fileURLToPath(import.meta.url));
  const dist = join(here, '..', 'dist', 'node.js');

  it.skipIf(!existsSync(dist))('a writer in one process and a tailing reader in another see every value, in order', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tbg-tail-x-'));
    const script = join(dir, 'writer.mjs');
    const N = 300;
    writeFileSync(
      script,
      `import { createFileWriter } from ${JSON.stringify(dist)};
       const w = createFileWriter(process.argv[2], { maxQueue: 1000, flushMillis: 1e9 });
       let i = 0;
       const tick = () => {
         for (let k = 0; k < 7 && i < ${N}; k++, i++) w.scalar('v', i, i);
         w.flush();
         if (i < ${N}) setTimeout(tick, 5); else w.close();
       };
       tick();`,
    );
    const child = spawn(process.execPath, [script, dir], { stdio: 'inherit' });
    const exited = new Promise<number | null>((res) => child.on('exit', (code) => res(code)));
    const seen: number[] = [];
    let offset = 0;
    let file: string | undefined;
    const deadline = Date.now() + 30_000;
    let done = false;
    while (!done && Date.now() < deadline) {
      file ??= readdirSync(dir).find((f) => f.includes('tfevents'));
      if (file) {
        const s = readEvents(join(dir, file), { fromOffset: offset });
        for await (const r of s) for (const v of r.event.summary?.value ?? []) seen.push(v.tensor ? new DataView(v.tensor.tensor_content.buffer, v.tensor.tensor_content.byteOffset).getFloat32(0, true) : NaN);
        expect(s.state.errors).toEqual([]);
        offset = s.state.nextOffset;
      }
      done = seen.length >= N;
      if (!done) await new Promise((r) => setTimeout(r, 3));
    }
    expect(await exited).toBe(0);
    expect(seen).toEqual(Array.from({ length: N }, (_, i) => i));
    expect(readFileSync(join(dir, file!)).length).toBe(offset);
  });
});
