import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { sameLayout } from '../elk/same-layout.js';
import { syntheticTask, type SyntheticTaskOptions } from '../elk/synthetic-task.js';
import { buildTask } from '../elk/task-builder.js';
import { edgeCount, nodeCount, type ElkTask } from '../elk/task.js';
import { createInlineRunner } from './inline-runner.js';
import { nodeWorkerEndpoint } from './node-endpoint.js';
import { createNodeWorkerPool, spawnNodeElkWorker } from './node-pool.js';
import { createWorkerPool } from './pool.js';
import type { ElkRunner } from './runner.js';
import type { WorkerEndpoint } from './worker-endpoint.js';

// Real elkjs in real worker threads (started from the TS sources through tsx).

const runners: ElkRunner[] = [];
function keep<R extends ElkRunner>(runner: R): R {
  runners.push(runner);
  return runner;
}
afterAll(async () => {
  await Promise.all(runners.map((r) => r.close()));
});

/** A varied set of tasks; a function, because running a task through a pool detaches it. */
function variedTasks(): ElkTask[] {
  const specs: SyntheticTaskOptions[] = [];
  let seed = 1;
  for (const direction of ['UP', 'RIGHT'] as const) {
    for (const routing of ['POLYLINE', 'ORTHOGONAL', 'SPLINES']) {
      for (const nodes of [1, 7, 35, 90]) {
        specs.push({ nodes, seed: seed++, direction, ports: seed % 2 === 0, stubs: seed % 3 !== 0, options: { 'elk.edgeRouting': routing } });
      }
    }
  }
  return [...specs.map(syntheticTask), buildTask({ direction: 'UP', nodes: [], edges: [] })];
}

/** A crashing worker: dies on its first message, by throwing or by exiting. */
function crashingWorker(how: 'throw' | 'exit' | 'throw at start'): WorkerEndpoint {
  const code = {
    throw: `require('node:worker_threads').parentPort.on('message', () => { throw new Error('worker blew up'); });`,
    exit: `require('node:worker_threads').parentPort.on('message', () => process.exit(7));`,
    'throw at start': `throw new Error('cannot start');`,
  }[how];
  return nodeWorkerEndpoint(new Worker(code, { eval: true }));
}

describe('createNodeWorkerPool', () => {
  it('gives byte-identical results to the inline runner (identical in Node and in a worker)', async () => {
    const pool = keep(createNodeWorkerPool({ size: 2 }));
    const inline = keep(createInlineRunner());
    const inWorkers = await Promise.all(variedTasks().map((t) => pool.run(t)));
    const inThread = await Promise.all(variedTasks().map((t) => inline.run(t)));
    expect(inWorkers).toHaveLength(inThread.length);
    inWorkers.forEach((r, i) => expect(sameLayout(r, inThread[i]!), `task ${i}`).toBe(true));
  });

  it('takes ownership of the task: its arrays are transferred', async () => {
    const pool = keep(createNodeWorkerPool({ size: 1 }));
    const task = syntheticTask({ nodes: 10, seed: 1, ports: true });
    const result = await pool.run(task);
    expect(task.nodeSize.byteLength).toBe(0);
    expect(task.edges.byteLength).toBe(0);
    expect(result.nodeXY.length).toBe(20);
  });

  it('resolves many concurrent tasks on 2 workers, each with its own result', async () => {
    const pool = keep(createNodeWorkerPool({ size: 2 }));
    const specs = Array.from({ length: 40 }, (_, i): SyntheticTaskOptions => ({ nodes: 1 + ((i * 13) % 70), seed: 100 + i, ports: i % 2 === 0, stubs: i % 3 === 0 }));
    const expected = specs.map((s) => {
      const t = syntheticTask(s);
      return { nodes: nodeCount(t), edges: edgeCount(t) };
    });
    const results = await Promise.all(specs.map((s) => pool.run(syntheticTask(s))));
    const inline = keep(createInlineRunner());
    for (const [i, r] of results.entries()) {
      expect(r.nodeXY.length).toBe(2 * expected[i]!.nodes);
      expect(r.edgePointStart.length).toBe(expected[i]!.edges + 1);
      expect(sameLayout(r, await inline.run(syntheticTask(specs[i]!))), `task ${i}`).toBe(true);
    }
    expect(pool.stats.tasks).toBe(40);
    expect(pool.stats.maxElkNodes).toBe(Math.max(...expected.map((e) => e.nodes)));
    expect(pool.stats.maxElkMs).toBeGreaterThan(0);
  });

  it('aborts a queued task and a running one, and keeps working', async () => {
    const pool = keep(createNodeWorkerPool({ size: 1 }));
    const order: string[] = [];
    const runningCtl = new AbortController();
    const queuedCtl = new AbortController();
    const running = pool.run(syntheticTask({ nodes: 250, seed: 1 }), runningCtl.signal).catch((e: Error) => (order.push('running aborted'), e));
    const queuedTask = syntheticTask({ nodes: 20, seed: 2 });
    const queued = pool.run(queuedTask, queuedCtl.signal).catch((e: Error) => (order.push('queued aborted'), e));
    const after = pool.run(syntheticTask({ nodes: 30, seed: 3 })).then((r) => (order.push('next done'), r));
    queuedCtl.abort();
    runningCtl.abort();
    const [runningError, queuedError, next] = await Promise.all([running, queued, after]);
    expect((runningError as Error).name).toBe('AbortError');
    expect((queuedError as Error).name).toBe('AbortError');
    expect(queuedTask.nodeSize.byteLength).toBeGreaterThan(0); // never sent, not detached
    // The running abort rejected before the worker was free to run the next task.
    expect(order).toEqual(['queued aborted', 'running aborted', 'next done']);
    expect(sameLayout(next, await createInlineRunner().run(syntheticTask({ nodes: 30, seed: 3 })))).toBe(true);
  });

  it('answers a malformed task with an error and keeps the worker', async () => {
    let spawned = 0;
    const pool = keep(createWorkerPool(() => (spawned++, spawnNodeElkWorker()), 1));
    const broken = syntheticTask({ nodes: 5, seed: 1 });
    broken.portStart = new Uint32Array(2);
    await expect(pool.run(broken)).rejects.toThrow('ELK worker failed: invalid ELK task: portStart has 2 entries for 5 nodes (want 6)');
    expect((await pool.run(syntheticTask({ nodes: 5, seed: 1 }))).nodeXY.length).toBe(10);
    expect(spawned).toBe(1);
  });

  it.each(['throw', 'exit'] as const)('replaces a worker that crashes (%s) and rejects its task', async (how) => {
    let spawned = 0;
    const pool = keep(createWorkerPool(() => (spawned++ === 0 ? crashingWorker(how) : spawnNodeElkWorker()), 1));
    const doomed = pool.run(syntheticTask({ nodes: 5, seed: 1 }));
    const next = pool.run(syntheticTask({ nodes: 6, seed: 2 }));
    const message = how === 'throw' ? 'worker blew up' : 'ELK worker exited with code 7';
    await expect(doomed).rejects.toThrow(`ELK worker crashed while running a task of 5 nodes: ${message}`);
    expect((await next).nodeXY.length).toBe(12);
    expect(spawned).toBe(2);
  });

  it('does not respawn in a loop when workers die at start-up', async () => {
    let spawned = 0;
    const pool = keep(createWorkerPool(() => (spawned++, crashingWorker('throw at start')), 1));
    for (let i = 0; i < 3; i++) await expect(pool.run(syntheticTask({ nodes: 3, seed: i }))).rejects.toThrow('cannot start');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(spawned).toBeLessThanOrEqual(4); // one at creation, one per task
  });

  it('warms every worker up', async () => {
    const pool = keep(createNodeWorkerPool({ size: 2 }));
    expect(await pool.warmup()).toBeGreaterThan(0);
    expect(pool.stats.tasks).toBe(0);
  });

  it('close() rejects pending tasks and stops the workers', async () => {
    const pool = createNodeWorkerPool({ size: 1 });
    const pending = [pool.run(syntheticTask({ nodes: 100, seed: 1 })), pool.run(syntheticTask({ nodes: 5, seed: 2 }))].map((p) =>
      p.then(
        () => 'resolved',
        (e: Error) => e.message,
      ),
    );
    await pool.close();
    expect(await Promise.all(pending)).toEqual(['ELK worker pool is closed', 'ELK worker pool is closed']);
    await expect(pool.run(syntheticTask({ nodes: 5, seed: 3 }))).rejects.toThrow('closed');
  });
});
