import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { buildHierarchy, buildSlimGraph, RenderModel } from '@tbg/hierarchy';
import { decodeColumnar } from '@tbg/proto';
import { encodeGraphDef, fixturePath, generateTrainingGraph, needShared } from '@tbg/testkit';
import { NodeFlag } from '../geometry/types.js';
import { checkInvariants } from '../invariants/check.js';
import { applyExpandMode } from '../session/expansion.js';
import { LayoutSession } from '../session/layout-session.js';
import { geometryDifference } from '../test-support/models.js';
import { createInlineRunner } from '../worker/inline-runner.js';
import { createNodeViewWorker } from './node-view-worker.js';

const client = createNodeViewWorker();
afterAll(() => client.close());

describe.skipIf(!needShared('view worker on worker_threads'))('view worker on worker_threads', () => {
  it('lays out in the worker what a LayoutSession lays out here, while this thread stays free', async () => {
    const bytes = encodeGraphDef(generateTrainingGraph({ nodes: 1000, seed: 11 }));
    const summary = await client.open(bytes, { copy: true });
    expect(summary.ops).toBe(1000);
    await client.layout();
    // Count turns of this thread's event loop while the worker lays out every group.
    let turns = 0;
    let spinning = true;
    const spin = () => {
      turns++;
      if (spinning) setImmediate(spin);
    };
    setImmediate(spin);
    const all = await client.layout({ mode: { kind: 'all' } });
    spinning = false;
    expect(turns).toBeGreaterThan(20);
    expect(all.stats.groupsLaidOut).toBeGreaterThan(10);
    expect(checkInvariants(all.geometry).violations).toEqual([]);
    expect(all.geometry.nodes.flags.some((f) => (f & NodeFlag.expanded) !== 0)).toBe(true);

    const model = new RenderModel(buildHierarchy(buildSlimGraph(decodeColumnar(bytes))));
    applyExpandMode(model, { kind: 'all' });
    const runner = createInlineRunner();
    const here = await new LayoutSession(model, { runner }).layout();
    await runner.close();
    expect(geometryDifference(here.geometry, all.geometry)).toBeNull();
  });

  it('reports bad input as a failed request and keeps working', async () => {
    await expect(client.open(new Uint8Array([0x0a, 0xff, 0xff]), { name: 'junk.pb' })).rejects.toMatchObject({ remoteName: 'GraphFormatError' });
    const s = await client.open(new Uint8Array(readFileSync(fixturePath('graphs', 'tb_app_demo_tiny.pbtxt'))), { name: 'tiny.pbtxt' });
    expect(s.kind).toBe('graphdef');
    expect((await client.layout({ mode: { kind: 'all' } })).geometry.nodes.count).toBeGreaterThan(s.groups);
  });

  it('answers info through worker_threads: the card crosses as plain data, a missing node fails with its code', async () => {
    const s = await client.open(new Uint8Array(readFileSync(fixturePath('graphs', 'tb_demo_xla_118.pbtxt'))), { name: 'xla.pbtxt' });
    const root = await client.info(s.root);
    expect(root.group!.cardinality).toBe(s.nodes);
    const gradients = await client.info('gradients');
    expect(gradients).toMatchObject({ kind: 'meta', parent: s.root, inputs: expect.any(Array) });
    expect(gradients.outputs[0]).toMatchObject({ kind: 'metaedge', name: 'GradientDescent', shape: '4 tensors' });
    expect(await client.info(gradients.ref)).toEqual(gradients);
    await expect(client.info('gradients/nope')).rejects.toMatchObject({ remoteName: 'NodeNotFoundError', code: 'node-not-found' });
    // This worker has no `decorate`.
    expect((await client.layout()).decoration).toBeUndefined();
  });
});
