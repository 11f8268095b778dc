import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { eventGraphReader } from '@tbg/events';
import { templateColorIndex, type Templates } from '@tbg/hierarchy';
import { tensorflow } from '@tbg/proto';
import { encodeGraphDef, fixturePath, generateTrainingGraph, needShared } from '@tbg/testkit';
import { AnnotationType, geometryTransferables, NodeKind } from '../geometry/types.js';
import { checkInvariants } from '../invariants/check.js';
import { applyExpandMode } from '../session/expansion.js';
import { LayoutSession } from '../session/layout-session.js';
import { fixtureModel, geometryDifference } from '../test-support/models.js';
import { createInlineRunner } from '../worker/inline-runner.js';
import { yieldingRunner } from '../worker/yielding-runner.js';
import type { ViewRequest, ViewResponse } from './protocol.js';
import { createViewClient, ViewWorkerError, type ViewClient, type ViewEndpoint } from './view-client.js';
import { serveView, type ViewHostOptions } from './view-host.js';

interface InThreadView<D> {
  client: ViewClient<D>;
  /** Requests and their transfer lists (client → host). */
  sent: ViewRequest[];
  transfers: ArrayBuffer[][];
  /** Responses and their transfer lists (host → client). */
  posted: ViewResponse<D>[];
  postedTransfers: ArrayBuffer[][];
}

/** Host and client in this thread, with messages passed through a macrotask as a worker would. */
function inThreadView<D = undefined>(host: Partial<ViewHostOptions<D>> = {}): InThreadView<D> {
  let toHost: ((m: unknown) => void) | null = null;
  let toClient: ((r: ViewResponse<D>) => void) | null = null;
  const sent: ViewRequest[] = [];
  const transfers: ArrayBuffer[][] = [];
  const posted: ViewResponse<D>[] = [];
  const postedTransfers: ArrayBuffer[][] = [];
  serveView<D>(
    {
      post: (r, transfer) => {
        posted.push(r);
        postedTransfers.push(transfer);
        setImmediate(() => toClient?.(r));
      },
      listen: (h) => (toHost = h),
    },
    { runner: yieldingRunner(createInlineRunner()), ...host },
  );
  const endpoint: ViewEndpoint<D> = {
    postMessage: (req, transfer) => {
      sent.push(req);
      transfers.push(transfer);
      // Cloned with its transfers, as postMessage would: the host may rewrite an open's bytes.
      const cloned = structuredClone(req, { transfer });
      setImmediate(() => toHost?.(cloned));
    },
    onMessage: (l) => (toClient = l),
    onError: () => undefined,
    terminate: () => undefined,
  };
  return { client: createViewClient(endpoint), sent, transfers, posted, postedTransfers };
}

const xla = () => new Uint8Array(readFileSync(fixturePath('graphs', 'tb_demo_xla_118.pbtxt')));

let open: Array<ViewClient<unknown>> = [];
afterEach(async () => {
  await Promise.all(open.map((c) => c.close()));
  open = [];
});
function view<D = undefined>(host?: Partial<ViewHostOptions<D>>): InThreadView<D> {
  const v = inThreadView<D>(host);
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
    expect(sent[0]!.kind === 'open' && sent[0]!.bytes === bytes).toBe(true);
    // Transferred, as to a worker: detached here.
    expect(bytes.byteLength).toBe(0);
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
    // The copy went (detached here); the caller's bigger buffer and the kept bytes stay whole.
    expect(transfers[2]![0]!.byteLength).toBe(0);
    expect(big.byteLength).toBe(kept.length + 8);
    expect(kept.byteLength).toBeGreaterThan(0);
    await client.close();
    await expect(client.layout()).rejects.toThrow(/closed/);
  });

  it('info: a node\'s card by NodeRef, full name or annotation index', async () => {
    const { client } = view();
    await expect(client.info('MatMul')).rejects.toMatchObject({ remoteName: 'Error', code: 'no-graph' });
    const s = await client.open(xla());
    const matmul = await client.info('MatMul');
    expect(matmul).toMatchObject({ name: 'MatMul', kind: 'op', op: 'MatMul', xlaCluster: 'cluster_1', outputShapes: ['200×100'] });
    expect(matmul.inputs.map((r) => [r.name, r.shape])).toEqual([
      ['Reshape', '200×?'],
      ['hidden_weights/read', '784×100'],
    ]);
    expect(await client.info(matmul.ref)).toEqual(matmul);
    const gradients = await client.info('gradients', { maxLinks: 2 });
    expect(gradients).toMatchObject({ kind: 'meta', parent: s.root, moreInputs: 3, group: { cardinality: 40 } });
    expect(gradients.inputs).toHaveLength(2);
    expect(await client.info(s.root)).toMatchObject({ name: '__root__', group: { cardinality: s.nodes } });
    // A constant drawn as an annotation: by the index the geometry gives, and by its name.
    const { geometry } = await client.layout({ mode: { kind: 'all' } });
    const a = geometry.annotations;
    const k = a.type.findIndex((t) => t === AnnotationType.constant);
    const constant = await client.info({ embedding: a.target[k]! });
    expect(constant).toMatchObject({ kind: 'constant', ref: -1, embedding: a.target[k], op: 'Const' });
    expect(constant.outputs.map((r) => r.ref)).toContain(geometry.nodes.ref[a.host[k]!]);
    expect(await client.info(constant.name)).toEqual(constant);
  });

  it('info about a node the graph does not have fails with code node-not-found; the host keeps serving', async () => {
    const { client } = view();
    const s = await client.open(xla());
    const notFound = { name: 'ViewWorkerError', remoteName: 'NodeNotFoundError', code: 'node-not-found' };
    await expect(client.info('no/such/node')).rejects.toMatchObject({ ...notFound, message: 'no node is named "no/such/node" in this graph' });
    await expect(client.info('no/such/node')).rejects.toBeInstanceOf(ViewWorkerError);
    await expect(client.info(s.root + s.groups)).rejects.toMatchObject({ ...notFound, message: expect.stringMatching(/is not a NodeRef of this graph \(0…\d+\)/) });
    for (const bad of [-1, 0.5]) await expect(client.info(bad)).rejects.toMatchObject(notFound);
    await expect(client.info({ embedding: 1e6 })).rejects.toMatchObject({ ...notFound, message: expect.stringMatching(/is not an embedding/) });
    // Not a target at all: a bad request, not a missing node.
    await expect(client.info({} as unknown as number)).rejects.toMatchObject({ remoteName: 'TypeError', code: 'bad-request' });
    expect((await client.info('MatMul')).name).toBe('MatMul');
  });

  it('decorations: typed, computed after each layout from the hierarchy and templates, their buffers transferred', async () => {
    interface Paint {
      /** Per geometry node: its template's colour index + 1 (0: none). */
      structure: Uint8Array;
      groups: number;
    }
    const seen: Templates[] = [];
    const { client, posted, postedTransfers } = view<Paint>({
      decorate: (ctx, geometry) => {
        const t = ctx.templates();
        seen.push(t);
        const h = ctx.hierarchy;
        const structure = new Uint8Array(geometry.nodes.count);
        geometry.nodes.ref.forEach((ref, k) => {
          if (geometry.nodes.kind[k] === NodeKind.meta && ref > h.n) structure[k] = templateColorIndex(t, t.templateOf[ref - h.n]!, 10) + 1;
        });
        return { value: { structure, groups: h.groups.length }, transfer: [structure.buffer, structure.buffer] };
      },
    });
    const s = await client.open(xla());
    const root = await client.layout();
    const all = await client.layout({ mode: { kind: 'all' } });
    // Typed end to end: no cast.
    const paint: Paint = all.decoration;
    expect(paint.groups).toBe(s.groups);
    expect(paint.structure).toHaveLength(all.geometry.nodes.count);
    expect(paint.structure.some((c) => c > 0)).toBe(true);
    expect(root.decoration.structure).toHaveLength(root.geometry.nodes.count);
    // Templates are computed once per graph.
    expect(seen).toHaveLength(2);
    expect(seen[1]).toBe(seen[0]);
    // The decoration's buffer goes with the geometry's, each once.
    const last = postedTransfers[posted.length - 1]!;
    expect(new Set(last).size).toBe(last.length);
    expect(last).toContain(paint.structure.buffer);
    expect(last).toEqual(expect.arrayContaining(geometryTransferables(all.geometry)));
    // A new graph: templates again, for it.
    await client.open(xla());
    await client.layout();
    expect(seen[2]).not.toBe(seen[0]);
  });

  it('a decorate that throws fails its layout only; without decorate there is no decoration', async () => {
    let fail = true;
    const { client } = view<number>({
      decorate: (ctx) => {
        if (fail) throw new RangeError('paint broke');
        return { value: ctx.hierarchy.n, transfer: [] };
      },
    });
    const s = await client.open(xla());
    await expect(client.layout()).rejects.toMatchObject({ remoteName: 'RangeError', message: 'paint broke' });
    fail = false;
    expect((await client.layout()).decoration).toBe(s.nodes);
    const plain = view();
    await plain.client.open(xla());
    const r = await plain.client.layout();
    expect(r.decoration).toBeUndefined();
    expect('decoration' in plain.posted[plain.posted.length - 1]!).toBe(false);
  });

  it('the summary lists a SavedModel\'s meta graphs and which one is open', async () => {
    const graph = (op: string) => new tensorflow.GraphDef({ node: [new tensorflow.NodeDef({ name: 'a', op }), new tensorflow.NodeDef({ name: 'b', op: 'Neg', input: ['a'] })] });
    const meta = (tags: string[], op: string) => new tensorflow.MetaGraphDef({ meta_info_def: { tags, tensorflow_version: '2.15.0' }, graph_def: graph(op) });
    const saved = () => tensorflow.SavedModel.encode(new tensorflow.SavedModel({ meta_graphs: [meta(['serve'], 'Placeholder'), meta(['train'], 'VariableV2')] })).finish();
    const { client } = view();
    const first = await client.open(saved(), { name: 'saved_model.pb' });
    expect(first).toMatchObject({ kind: 'savedmodel', metaGraph: 0, ops: 2 });
    expect(first.metaGraphs!.map((m) => [m.index, m.tags])).toEqual([
      [0, ['serve']],
      [1, ['train']],
    ]);
    expect(first.eventTags).toBeUndefined();
    const second = await client.open(saved(), { metaGraph: 'train' });
    expect(second.metaGraph).toBe(1);
    expect((await client.info('a')).op).toBe('VariableV2');
    const plain = await client.open(xla());
    expect(plain.metaGraphs).toBeUndefined();
    expect(plain.metaGraph).toBeUndefined();
  });

  it('the summary lists an event file\'s graph-bearing tags, once each, and which one is open', async () => {
    const dir = ['events', 'pytorch-tutorial-fashion-mnist', 'fashion_mnist_experiment_1'];
    const pytorch = () => new Uint8Array(readFileSync(fixturePath(...dir, 'events.out.tfevents.1655101297.ziorathe.9443.13')));
    const { client } = view({ eventReader: eventGraphReader });
    const s = await client.open(pytorch());
    expect(s).toMatchObject({ kind: 'events', eventTag: '__run_graph__' });
    expect(s.eventTags).toEqual([
      { tag: '__run_graph__', kind: 'graph_def', step: 0, entries: 1 },
      { tag: 'step1', kind: 'tagged_run_metadata', step: 0, entries: 1 },
    ]);
    expect((await client.open(pytorch(), { tag: 'step1' })).eventTag).toBe('step1');
    const keras = new Uint8Array(readFileSync(fixturePath('events', 'tf2-keras-callback-scalars-histos', 'train', 'events.out.tfevents.1585231889.LEMON.12072.235.v2')));
    const k = await client.open(keras);
    expect(k.eventTags!.map((t) => [t.tag, t.kind])).toEqual([
      ['__run_graph__', 'graph_def'],
      ['keras', 'keras_model'],
      ['batch_2', 'run_metadata'],
    ]);
  });
});
