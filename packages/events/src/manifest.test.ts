/**
 * Every event fixture against ../shared/fixtures/events/manifest.json: record counts, event
 * kinds, tags, value kinds, plugin names, tensor dtypes/shapes and step ranges, decoded by us.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@tbg/testkit';
import { tensorflow } from '@tbg/proto';
import { readEventsSync } from './read-events.js';
import { decodeTensor, dtypeName } from './event/tensor.js';
import { eventKind, stepOf } from './event/event-points.js';

interface TagFacts {
  count: number;
  kinds: Record<string, number>;
  plugins: Record<string, number>;
  tensor?: string;
}
interface FileFacts {
  file: string;
  bytes: number;
  sha256: string;
  records: number;
  bad_length_crc: number;
  bad_data_crc: number;
  truncated_tail_bytes: number;
  event_kinds: Record<string, number>;
  step_range: [number, number] | null;
  num_tags: number;
  tags: Record<string, TagFacts>;
  file_version: string | null;
}

const manifest = JSON.parse(readFileSync(fixturePath('events', 'manifest.json'), 'utf8')) as { files: FileFacts[] };

function tensorDesc(t: tensorflow.TensorProto): string {
  const d = decodeTensor(t);
  const base = `${dtypeName(t.dtype)}[${d.shape.join(', ')}]`;
  return d.strings ? `${base}(${d.strings.length} strings)` : base;
}

/** The manifest's facts, computed from what our reader returns. */
function facts(bytes: Uint8Array) {
  const { records, state } = readEventsSync(bytes, { checksum: 'never' });
  const kinds: Record<string, number> = {};
  const tags: Record<string, TagFacts> = {};
  let lo = Infinity;
  let hi = -Infinity;
  let fileVersion: string | null = null;
  for (const { event: e } of records) {
    const k = eventKind(e);
    kinds[k] = (kinds[k] ?? 0) + 1;
    if (e.what === 'file_version') fileVersion = e.file_version!;
    // The manifest's step range counts every record, file_version included.
    const s = stepOf(e);
    lo = Math.min(lo, s);
    hi = Math.max(hi, s);
    for (const v of e.summary?.value ?? []) {
      const t = (tags[v.tag] ??= { count: 0, kinds: {}, plugins: {} });
      t.count++;
      const vk = v.value ?? 'None';
      t.kinds[vk] = (t.kinds[vk] ?? 0) + 1;
      const p = v.metadata?.plugin_data?.plugin_name;
      if (p) t.plugins[p] = (t.plugins[p] ?? 0) + 1;
      if (v.tensor && t.tensor === undefined) t.tensor = tensorDesc(v.tensor);
    }
  }
  return { records: records.length, state, kinds, tags, stepRange: lo <= hi ? [lo, hi] : null, fileVersion };
}

describe('event fixtures match manifest.json', () => {
  const originals = manifest.files.filter((f) => !f.file.startsWith('derived-edge-cases/'));
  it('lists exactly the event files on disk, with their sizes and hashes', () => {
    const root = fixturePath('events');
    // Every file under the fixtures dir, relative and with '/' separators (symlinks included, not followed).
    const onDisk: string[] = [];
    const walk = (rel: string) => {
      for (const d of readdirSync(join(root, rel), { withFileTypes: true })) {
        const r = rel ? posix.join(rel, d.name) : d.name;
        if (d.isDirectory()) walk(r);
        else onDisk.push(r);
      }
    };
    walk('');
    // An event file is any file whose basename contains "tfevents" (TensorBoard's rule); the
    // rest may only be the fixtures' documentation and metadata (SOURCES.md, manifest.json).
    const isEventFile = (f: string) => posix.basename(f).includes('tfevents');
    const others = onDisk.filter((f) => !isEventFile(f));
    expect(others.filter((f) => !/\.(md|json)$/.test(f)), 'files that are neither event files nor documentation').toEqual([]);
    expect(others).toContain('SOURCES.md');
    expect(others).toContain('manifest.json');

    const listed = manifest.files.map((f) => f.file);
    expect(new Set(listed).size, 'manifest entries are unique').toBe(listed.length);
    expect(listed.filter((f) => !isEventFile(f)), 'manifest entries not named like event files').toEqual([]);
    expect(onDisk.filter(isEventFile).sort()).toEqual([...listed].sort());
    // And the manifest describes these very bytes.
    for (const f of manifest.files) {
      expect(statSync(join(root, f.file)).size, f.file).toBe(f.bytes);
      expect(createHash('sha256').update(readFileSync(join(root, f.file))).digest('hex'), f.file).toBe(f.sha256);
    }
  });
  for (const m of originals) {
    it(m.file, () => {
      const f = facts(new Uint8Array(readFileSync(fixturePath('events', m.file))));
      expect(f.records).toBe(m.records);
      expect(f.state.errors).toEqual([]);
      expect(f.state.truncatedBytes).toBe(0);
      expect(f.kinds).toEqual(m.event_kinds);
      expect(f.fileVersion).toBe(m.file_version);
      expect(f.stepRange).toEqual(m.step_range);
      expect(Object.keys(f.tags).length).toBe(m.num_tags);
      for (const [tag, t] of Object.entries(m.tags)) {
        const ours = f.tags[tag];
        expect(ours, tag).toBeDefined();
        expect(ours!.count, tag).toBe(t.count);
        expect(ours!.kinds, tag).toEqual(t.kinds);
        expect(ours!.plugins, tag).toEqual(t.plugins);
        if (t.tensor) expect(ours!.tensor, tag).toBe(t.tensor);
      }
    });
  }
});
