import { expect, it } from 'vitest';
import { createElk, runElkTask } from '../elk/run-elk.js';
import { sameLayout } from '../elk/same-layout.js';
import { syntheticTask } from '../elk/synthetic-task.js';
import { createInlineRunner } from './inline-runner.js';

it('runs tasks in the calling thread with the results of runElkTask', async () => {
  const runner = createInlineRunner();
  expect(runner.size).toBe(1);
  const task = syntheticTask({ nodes: 25, seed: 8, ports: true, stubs: true, direction: 'RIGHT' });
  const result = await runner.run(task);
  expect(task.nodeSize.length).toBe(2 * 25 + 2 * 2 * 3); // not detached
  expect(sameLayout(result, await runElkTask(createElk(), task))).toBe(true);
  expect(runner.stats).toMatchObject({ tasks: 1, maxElkNodes: 31 });
  await runner.close();
});

it('aborts like a pool: a running task rejects at once, the next one still runs', async () => {
  const runner = createInlineRunner();
  const controller = new AbortController();
  const running = runner.run(syntheticTask({ nodes: 60, seed: 1 }), controller.signal);
  const next = runner.run(syntheticTask({ nodes: 5, seed: 2 }));
  controller.abort();
  await expect(running).rejects.toMatchObject({ name: 'AbortError' });
  expect((await next).nodeXY.length).toBe(10);
  await runner.close();
  await expect(runner.run(syntheticTask({ nodes: 5, seed: 2 }))).rejects.toThrow('closed');
});
