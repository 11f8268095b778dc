/**
 * layout.view-worker: the whole pipeline in a view worker, as an app runs it — open (decode,
 * hierarchy), first layout, expanding metanodes — timed from the client, with the longest
 * stall of the client's event loop meanwhile (receiving geometry is the only work left to it).
 */
import { readFileSync } from 'node:fs';
import { GROUP_META, buildHierarchy, buildSlimGraph } from '@tbg/hierarchy';
import { loadColumnarGraph } from '@tbg/proto';
import { encodeGraphDef, fixturePath, generateTrainingGraph, GRAPH_FIXTURES } from '@tbg/testkit';
import { percentile } from '../src/session/expansion.js';
import { createNodeViewWorker } from '../src/view/node-view-worker.js';

/** Records the longest gap between turns of this thread's event loop while running. */
function stallMeter(): { stop(): number } {
  let last = performance.now();
  let worst = 0;
  let on = true;
  const tick = () => {
    const now = performance.now();
    worst = Math.max(worst, now - last);
    last = now;
    if (on) setImmediate(tick);
  };
  setImmediate(tick);
  return {
    stop() {
      on = false;
      return worst;
    },
  };
}

export async function viewWorkerChild(name: string, emit: (o: object) => void, maxExpands: number): Promise<void> {
  // Started first, as an app starts it while it fetches the graph: ELK warms up meanwhile.
  const view = createNodeViewWorker();
  const m = /^generated-(\d+)$/.exec(name);
  let bytes: Uint8Array;
  if (m) bytes = encodeGraphDef(generateTrainingGraph({ nodes: Number(m[1]), seed: 1, devices: 'cluster' }));
  else {
    const [dir, file] = GRAPH_FIXTURES.find(([, f]) => f === name)!;
    bytes = new Uint8Array(readFileSync(fixturePath(dir, ...file.split('/'))));
  }
  // The metanodes to expand, found here once (not part of what is measured).
  const h = buildHierarchy(buildSlimGraph(loadColumnarGraph(bytes, { name }).columnar));
  const metas = Array.from(h.groupOrder).filter((g) => g !== 0 && h.groups[g]!.kind === GROUP_META && h.groups[g]!.parent === h.n);
  const picked = metas.slice(0, maxExpands).map((g) => h.n + g);

  const meter = stallMeter();
  const t0 = performance.now();
  const summary = await view.open(bytes, { name, copy: true });
  const openMs = performance.now() - t0;
  const t1 = performance.now();
  const first = await view.layout();
  const firstLayoutMs = performance.now() - t1;
  const times: number[] = [];
  for (const ref of picked) {
    await view.layout({ reset: true });
    const t = performance.now();
    await view.layout({ expand: [ref] });
    times.push(performance.now() - t);
  }
  const stallMs = meter.stop();
  await view.close();
  emit({
    bench: 'layout.view-worker',
    input: name.replace(/^generated-(\d+)000$/, 'generated-$1k'),
    ops: summary.ops,
    openMs: Math.round(openMs * 100) / 100,
    firstLayoutMs: Math.round(firstLayoutMs * 100) / 100,
    firstNodes: first.geometry.nodes.count,
    topExpands: times.length,
    expandP50Ms: Math.round(percentile(times, 0.5) * 100) / 100,
    expandP95Ms: Math.round(percentile(times, 0.95) * 100) / 100,
    clientMaxStallMs: Math.round(stallMs * 100) / 100,
  });
}
