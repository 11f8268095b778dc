/**
 * A logdir of damaged files keeps the server up: derived-edge-cases (bad CRCs, truncated
 * records) plus garbage appended to a file, a PNG and random bytes named like event files, and
 * an empty one. Every intact record is served; /data/tbg/data_loss names each bad file, and
 * the log names each once.
 */
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodePng } from '@tbg/events';
import { fixturePath } from '@tbg/testkit';
import type { FileProblem } from './file-problems.js';
import { startServer, type RunningServer } from './start-server.js';
import { get, q } from './test-support/http.js';

interface ManifestFile {
  file: string;
  bad_length_crc: number;
  bad_data_crc: number;
  truncated_tail_bytes: number;
  tags: Record<string, { count: number }>;
}
const manifest = (JSON.parse(readFileSync(fixturePath('events', 'manifest.json'), 'utf8')) as { files: ManifestFile[] }).files.filter((f) => f.file.startsWith('derived-edge-cases/'));

let dir: string;
let server: RunningServer;
const logs: string[] = [];
const eventFile = (run: string) => join(dir, run, readdirSync(join(dir, run))[0]!);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tbg-serve-corrupt-'));
  cpSync(fixturePath('events', 'derived-edge-cases'), dir, { recursive: true });
  // The fixtures are read-only: copies keep the mode, and the test appends.
  cpSync(fixturePath('events', 'pytorch-tensorboard-reducer', 'strict', 'run_1'), join(dir, 'garbage_tail'), { recursive: true, mode: 0 });
  appendFileSync(eventFile('garbage_tail'), Buffer.from(Array.from({ length: 64 }, (_, i) => (i * 37 + 11) & 0xff)));
  mkdirSync(join(dir, 'junk'));
  writeFileSync(join(dir, 'junk', 'events.out.tfevents.1.png'), encodePng({ width: 2, height: 2, channels: 3, data: new Uint8Array(12) }));
  writeFileSync(join(dir, 'junk', 'events.out.tfevents.2.random'), Buffer.from(Array.from({ length: 500 }, (_, i) => (i * 101 + 7) & 0xff)));
  mkdirSync(join(dir, 'empty'));
  writeFileSync(join(dir, 'empty', 'events.out.tfevents.3'), '');
  server = await startServer({ logdirs: dir, port: 0, reloadIntervalS: 0, assetsDir: null, log: (l) => logs.push(l) });
  await server.firstLoad;
});

afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a logdir of damaged files', () => {
  it('serves the runs that have intact records and leaves out the rest', async () => {
    const runs = (await get(server.url, '/data/runs')).json<string[]>();
    expect(runs.sort()).toEqual([...manifest.map((f) => f.file.split('/')[1]!), 'garbage_tail'].sort());
  });

  it('serves every intact record', async () => {
    for (const f of manifest) {
      const run = f.file.split('/')[1]!;
      const rows = (await get(server.url, `/data/plugin/scalars/scalars?${q({ run, tag: 'strict/foo' })}`)).json<unknown[]>();
      const count = f.tags['strict/foo']!.count;
      if (f.bad_length_crc) {
        // The manifest's decoder stops at a bad length CRC; ours resynchronises on the next
        // record, so it serves every record but the damaged one (as for a bad data CRC at the
        // same offset).
        expect(rows.length, run).toBeGreaterThan(count);
        expect(rows.length, run).toBe(manifest.find((m) => m.bad_data_crc)!.tags['strict/foo']!.count - 1);
      } else {
        // The manifest counts the damaged record's value too; it cannot be served.
        expect(rows.length, run).toBe(count - (f.bad_data_crc ? 1 : 0));
      }
    }
    const tail = (await get(server.url, `/data/plugin/scalars/scalars?${q({ run: 'garbage_tail', tag: 'strict/foo' })}`)).json<unknown[]>();
    expect(tail).toHaveLength(100);
  });

  it('names each bad file on /data/tbg/data_loss, and in the log once', async () => {
    const { files } = (await get(server.url, '/data/tbg/data_loss')).json<{ files: FileProblem[] }>();
    const kindOf = (path: string) => files.find((p) => p.path === path)?.kind;
    for (const f of manifest) {
      const path = eventFile(f.file.split('/')[1]!);
      const expected = f.bad_data_crc || f.bad_length_crc ? 'damaged' : f.truncated_tail_bytes ? 'incomplete' : undefined;
      expect(kindOf(path), f.file).toBe(expected);
    }
    expect(kindOf(eventFile('garbage_tail'))).toBe('damaged');
    expect(kindOf(join(dir, 'junk', 'events.out.tfevents.1.png'))).toBe('not-event-file');
    expect(kindOf(join(dir, 'junk', 'events.out.tfevents.2.random'))).toBe('not-event-file');
    expect(kindOf(join(dir, 'empty', 'events.out.tfevents.3'))).toBe('empty');
    const damaged = files.find((p) => p.path === eventFile('garbage_tail'))!;
    expect(damaged.errors[0]!.offset).toBeGreaterThan(0);
    await server.reload();
    for (const p of files.filter((x) => x.kind === 'damaged' || x.kind === 'not-event-file')) {
      expect(logs.filter((l) => l.includes(p.path)), p.path).toHaveLength(1);
    }
  });

  it('keeps answering after the damage', async () => {
    expect((await get(server.url, '/data/plugins_listing')).status).toBe(200);
  });
});
