import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { eventGraphReader } from '@tbg/events';
import { encodeGraphDef, fixturePath, generateTrainingGraph, needShared } from '@tbg/testkit';
import { checkInvariants } from '../invariants/check.js';
import { applyExpandMode } from '../session/expansion.js';
import { LayoutSession } from '../session/layout-session.js';
import { fixtureModel, geometryDifference } from '../test-support/models.js';
import { createInlineRunner } from '../worker/inline-runner.js';
import { yieldingRunner } from '../worker/yielding-runner.js';
import type { ViewRequest, ViewResponse } from './protocol.js';
import { createViewClient, type ViewClient, type ViewEndpoint } from './view-client.js';
import { serveView, type ViewHostOptions } from './view-host.js';

/** Host and client in this thread, with messages passed through a macrotask as a worker would. */
function inThreadView(host: Partial<ViewHostOptions> = {}): { client: ViewClient; sent: ViewRequest[]; transfers: ArrayBuffer[][] } {
  let toHost: ((m: unknown) => void) | null = null;
  let toClient: ((r: ViewResponse) => void) | null = null;
  const sent: ViewRequest[] = [];
  const transfers: ArrayBuffer[][] = [];
  serveView(
    { post: (r) => setImmediate(() => toClient?.(r)), listen: (h) => (toHost = h) },
    { runner: yieldingRunner(createInlineRunner()), ...host },
  );
  const endpoint: ViewEndpoint = {
    postMessage: (req, transfer) => {
      sent.push(req);
      transfers.push(transfer);
      setImmediate(() => toHost?.(req));
    },
    onMessage: (l) => (toClient = l),
    onError: () => undefined,
    terminate: () => undefined,
  };
  return { client: createViewClient(endpoint), sent, transfers };
}

const xla = () => new Uint8Array(readFileSync(fixturePath('graphs', 'tb_demo_xla_118.pbtxt')));

let open: ViewClient[] = [];
afterEach(async () => {
  await Promise.all(open.map((c) => c.close()));
  open = [];
});
function view(host?: Partial<ViewHostOptions>) {
  const v = inThreadView(host);
  open.push(v.client);
  return v;
}

describe.skipIf(!needShared('view host and client'))('view host and client', () => {
  it('opens a graph and lays it out exactly as a LayoutSession in this thread does', async () => {
    const { client } = view();
    const summary = await client.open(xla(), { name: 'tb_demo_xla_118.pbtxt' });
    expect(summary).toMatchObject({ kind: 'graphdef', ops: 118, warnings: [] });
    expect(summary.root).toBe(summary.nodes);
    const root = await client.layout();
    expect(root.expanded).toEqual([]);
    expect(checkInvariants(root.geometry).violations).toEqual([]);
    const all = await client.layout({ mode: { kind: 'all' } });
    expect(all.expanded.length).toBe(summary.groups - 1);

    const model = fixtureModel('graphs', 'tb_demo_xla_118.pbtxt');
    const runner = createInlineRunner();
    const session = new LayoutSession(model, { runner });
    expect(geometryDifference((await session.layout()).geometry, root.geometry)).toBeNull();
    applyExpandMode(model, { kind: 'all' });
    expect(geometryDifference((await session.layout()).geometry, all.geometry)).toBeNull();
    await runner.close();

    const back = await client.layout({ reset: true });
    expect(back.expanded).toEqual([]);
    expect(geometryDifference(back.geometry, root.geometry)).toBeNull();
    // A collapse back to a view already laid out costs no ELK call.
    expect(back.stats.elkCalls).toBe(0);
  });

  it('expand and collapse by NodeRef; an expand lays out only the new group and its ancestors', async () => {
    const { client } = view();
    const s = await client.open(xla());
    await client.layout();
    const first = s.root + 1;
    const one = await client.layout({ expand: [first] });
    expect(one.expanded).toEqual([first]);
    expect(one.stats.groupsLaidOut).toBe(2); // the group and the root
    const none = await client.layout({ collapse: [first] });
    expect(none.expanded).toEqual([]);
    expect(none.stats.groupsLaidOut).toBe(0);
  });

  it('a newer layout cancels the older one, which rejects with AbortError', async () => {
    const { client } = view();
    const bytes = encodeGraphDef(generateTrainingGraph({ nodes: 3000, seed: 3 }));
    await client.open(bytes);
    const older = client.layout({ mode: { kind: 'all' } });
    const newer = client.layout({ reset: true });
    await expect(older).rejects.toMatchObject({ name: 'AbortError' });
    const r = await newer;
    expect(r.expanded).toEqual([]);
    expect(checkInvariants(r.geometry).violations).toEqual([]);
  });

  it('bad requests fail with the error named as in the worker; the host keeps serving', async () => {
    const { client } = view();
    await expect(client.layout()).rejects.toThrow(/no graph is open/);
    await expect(client.open(new TextEncoder().encode('node { name: "a" op: '), { name: 'bad.pbtxt' })).rejects.toMatchObject({
      remoteName: 'GraphFormatError',
      message: expect.stringMatching(/bad\.pbtxt.*1:\d+/),
    });
    const s = await client.open(xla());
    await expect(client.layout({ expand: [3] })).rejects.toMatchObject({ remoteName: 'RangeError', message: expect.stringMatching(/3 is not a group/) });
    await expect(client.layout({ expand: [s.root + s.groups] })).rejects.toMatchObject({ remoteName: 'RangeError' });
    expect((await client.layout()).geometry.nodes.count).toBeGreaterThan(0);
  });

  it('event files need a host with an event reader', async () => {
    const file = fixturePath('graphs', 'logdir', 'zhacmsra_fc_quant', 'events.out.tfevents.1508491915.MININT-73Q9MFO');
    const bytes = () => new Uint8Array(readFileSync(file));
    await expect(view().client.open(bytes())).rejects.toThrow(/loadGraphFromEvents|event/);
    const s = await view({ eventReader: eventGraphReader }).client.open(bytes());
    expect(s).toMatchObject({ kind: 'events', ops: 461 });
  });

  it('searches in the worker: ranked matches with their parents; a bad regex falls back to text', async () => {
    const { client } = view();
    await expect(client.search('x')).rejects.toThrow(/no graph is open/);
    await client.open(xla());
    await client.layout();
    const r = await client.search('^MatMul$', { fields: ['name'] });
    expect(r.total).toBeGreaterThan(0);
    expect(r.matches[0]).toMatchObject({ kind: 'op', field: 'name', score: expect.any(Number), parents: expect.any(Array) });
    expect(r.matches.every((m) => /(^|\/)MatMul$/.test(m.name))).toBe(true);
    const attr = await client.search('DT_INT32', { fields: ['attr'] });
    expect(attr.total).toBeGreaterThan(0);
    expect(attr.matches.every((m) => m.field === 'attr')).toBe(true);
    const bad = await client.search('[unclosed');
    expect(bad.regexError).toBeTruthy();
  });

  it('open transfers the bytes unless asked to copy (or a view of a bigger buffer); layouts after close fail', async () => {
    const { client, sent, transfers } = view();
    const bytes = xla();
    await client.open(bytes);
    expect(sent[0]).toMatchObject({ kind: 'open', bytes });
    expect(transfers[0]).toHaveLength(1);
    expect(transfers[0]![0]).toBe(bytes.buffer);
    // Asked to copy: a copy goes, and only its buffer is transferred.
    const kept = xla();
    await client.open(kept, { copy: true });
    const copied = sent[1]!;
    expect(copied.kind === 'open' && copied.bytes !== kept && copied.bytes.buffer === transfers[1]![0]).toBe(true);
    expect(transfers[1]![0]).not.toBe(kept.buffer);
    // A view into a bigger buffer: the view's bytes are copied, the bigger buffer stays.
    const big = new Uint8Array(kept.length + 8);
    big.set(kept, 4);
    const s = await client.open(big.subarray(4, 4 + kept.length));
    expect(s.ops).toBe(118);
    expect(transfers[2]![0]).not.toBe(big.buffer);
    expect(transfers[2]![0]!.byteLength).toBe(kept.length);
    await client.close();
    await expect(client.layout()).rejects.toThrow(/closed/);
  });
});
