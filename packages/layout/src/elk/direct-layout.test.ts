import ELK from 'elkjs/lib/elk.bundled.js';
import { describe, expect, it } from 'vitest';
import { directLayouter } from './direct-layout.js';
import { runElkTask } from './run-elk.js';
import { sameLayout } from './same-layout.js';
import { syntheticTask } from './synthetic-task.js';

describe('directLayouter', () => {
  it('is available with the pinned elkjs, and lays out exactly like the public API', async () => {
    const direct = directLayouter(new ELK());
    expect(direct).not.toBeNull();
    const publicApi = new ELK();
    for (const [i, nodes] of [3, 17, 60].entries()) {
      for (const ports of [false, true]) {
        const task = syntheticTask({ nodes, seed: 11 + i, ports, stubs: ports });
        const a = await runElkTask(direct!, task);
        const b = await runElkTask(publicApi, task);
        expect(sameLayout(a, b)).toBe(true);
      }
    }
  });

  it('passes ELK errors on as rejections with ELK’s message', async () => {
    const direct = directLayouter(new ELK())!;
    await expect(direct.layout({ id: 'root', layoutOptions: { 'elk.algorithm': 'no-such-algorithm' }, children: [{ id: 'a', width: 1, height: 1 }] })).rejects.toThrow(/no-such-algorithm/);
    // And keeps working afterwards.
    const r = await direct.layout({ id: 'root', children: [{ id: 'a', width: 5, height: 5 }] });
    expect(r.children![0]!.x).toBeTypeOf('number');
  });
});
