import { describe, expect, it } from 'vitest';
import { createElk, runElkTask, type ElkLayouter } from './run-elk.js';
import { sameLayout } from './same-layout.js';
import { syntheticTask } from './synthetic-task.js';
import { TaskNodeKindCode, type Direction, type ElkResult, type ElkTask } from './task.js';
import { buildTask, type NodeSpec } from './task-builder.js';
import { toElkGraph } from './to-elk-graph.js';

const elk = createElk();
const ROUTINGS = ['ORTHOGONAL', 'POLYLINE', 'SPLINES'];

/** Polyline of edge e as [x, y] pairs. */
function polyline(r: ElkResult, e: number): [number, number][] {
  const out: [number, number][] = [];
  for (let k = r.edgePointStart[e]!; k < r.edgePointStart[e + 1]!; k++) out.push([r.edgePoints[2 * k]!, r.edgePoints[2 * k + 1]!]);
  return out;
}

function portAbs(t: ElkTask, r: ElkResult, node: number, port: number): [number, number] {
  return [r.nodeXY[2 * node]! + t.portXY[2 * port]!, r.nodeXY[2 * node + 1]! + t.portXY[2 * port + 1]!];
}

/**
 * a → G → b with stubs: `in` feeds a, G has one port on each side, `out` is fed by b.
 * Stubs are the smallest nodes and every plain node has an input and an output, so the
 * first and last layers hold the stubs only.
 */
function groupTask(direction: Direction, routing = 'ORTHOGONAL'): ElkTask {
  const G: NodeSpec =
    direction === 'UP'
      ? { width: 100, height: 80, ports: [{ x: 30, y: 80, side: 'in' }, { x: 70, y: 0, side: 'out' }] }
      : { width: 80, height: 100, ports: [{ x: 0, y: 30, side: 'in' }, { x: 80, y: 70, side: 'out' }] };
  return buildTask({
    direction,
    options: { 'elk.algorithm': 'layered', 'elk.edgeRouting': routing },
    nodes: [{ width: 40, height: 20 }, G, { width: 40, height: 20 }, { width: 4, height: 4, kind: 'stubIn' }, { width: 4, height: 4, kind: 'stubOut' }],
    edges: [
      { source: 3, target: 0 },
      { source: 0, target: 1, targetPort: 0 },
      { source: 1, sourcePort: 1, target: 2 },
      { source: 2, target: 4 },
    ],
  });
}

describe('toElkGraph', () => {
  it('maps ids, options, port sides and stub constraints', () => {
    const graph = toElkGraph(groupTask('UP'));
    expect(graph.layoutOptions).toMatchObject({ 'elk.direction': 'UP', 'elk.padding': '[top=0,left=0,bottom=0,right=0]', 'elk.edgeRouting': 'ORTHOGONAL' });
    const [a, G, , stubIn, stubOut] = graph.children!;
    expect(a).toEqual({ id: 'n0', width: 40, height: 20 });
    expect(G!.layoutOptions).toEqual({ 'elk.portConstraints': 'FIXED_POS' });
    expect(G!.ports).toEqual([
      { id: 'p0', x: 30, y: 80, width: 0, height: 0, layoutOptions: { 'elk.port.side': 'SOUTH' } },
      { id: 'p1', x: 70, y: 0, width: 0, height: 0, layoutOptions: { 'elk.port.side': 'NORTH' } },
    ]);
    expect(stubIn!.layoutOptions).toEqual({ 'elk.layered.layering.layerConstraint': 'FIRST' });
    expect(stubOut!.layoutOptions).toEqual({ 'elk.layered.layering.layerConstraint': 'LAST' });
    expect(graph.edges!.map((e) => [e.id, e.sources, e.targets])).toEqual([
      ['e0', ['n3'], ['n0']],
      ['e1', ['n0'], ['p0']],
      ['e2', ['p1'], ['n2']],
      ['e3', ['n2'], ['n4']],
    ]);
  });

  it('puts RIGHT ports on WEST / EAST', () => {
    const G = toElkGraph(groupTask('RIGHT')).children![1]!;
    expect(G.ports!.map((p) => p.layoutOptions!['elk.port.side'])).toEqual(['WEST', 'EAST']);
  });

  it('lets the task direction and zero padding win over task.options', () => {
    const task = groupTask('RIGHT');
    task.options = { 'org.eclipse.elk.direction': 'DOWN', 'elk.padding': '[top=9,left=9,bottom=9,right=9]', 'elk.spacing.nodeNode': '7' };
    expect(toElkGraph(task).layoutOptions).toEqual({ 'elk.spacing.nodeNode': '7', 'elk.direction': 'RIGHT', 'elk.padding': '[top=0,left=0,bottom=0,right=0]' });
  });
});

describe('runElkTask', () => {
  it.each(ROUTINGS)('ELK keeps fixed port positions exactly (%s)', async (routing) => {
    for (const direction of ['UP', 'RIGHT'] as const) {
      const task = syntheticTask({ nodes: 30, seed: 3, ports: true, stubs: true, direction, options: { 'elk.edgeRouting': routing } });
      const laidOut = await elk.layout(toElkGraph(task));
      let checked = 0;
      for (const child of laidOut.children!) {
        for (const port of child.ports ?? []) {
          const p = Number(port.id.slice(1));
          // == on purpose: ELK may echo 0 as −0.
          expect(port.x === task.portXY[2 * p] && port.y === task.portXY[2 * p + 1]).toBe(true);
          checked++;
        }
      }
      expect(checked).toBe(task.portSide.length);
      expect(checked).toBeGreaterThan(10);
    }
  });

  it.each(ROUTINGS)('edges start and end exactly at their ports (%s)', async (routing) => {
    for (const direction of ['UP', 'RIGHT'] as const) {
      const task = syntheticTask({ nodes: 40, seed: 5, ports: true, stubs: true, direction, options: { 'elk.edgeRouting': routing } });
      const r = await runElkTask(elk, task);
      let checked = 0;
      for (let e = 0; e < task.edges.length / 4; e++) {
        const line = polyline(r, e);
        expect(line.length).toBeGreaterThanOrEqual(2);
        const [sn, sp, tn, tp] = task.edges.subarray(4 * e, 4 * e + 4);
        if (sp! >= 0) {
          expect(line[0]).toEqual(portAbs(task, r, sn!, sp!));
          checked++;
        }
        if (tp! >= 0) {
          expect(line.at(-1)).toEqual(portAbs(task, r, tn!, tp!));
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(10);
    }
  });

  it('UP: inputs come from below into SOUTH ports, outputs leave NORTH ports upwards; stubs IN lowest, OUT highest', async () => {
    const task = groupTask('UP');
    const r = await runElkTask(elk, task);
    const ys = [0, 1, 2, 3, 4].map((i) => r.nodeXY[2 * i + 1]!);
    // First layer at the bottom: the IN stub has the largest y, the OUT stub the smallest.
    expect(ys[3]).toBe(Math.max(...ys));
    expect(ys[4]).toBe(Math.min(...ys));
    expect(ys[3]).toBeGreaterThan(ys[0]!);
    expect(ys[0]).toBeGreaterThan(ys[1]!);
    expect(ys[1]).toBeGreaterThan(ys[2]!);
    expect(ys[2]).toBeGreaterThan(ys[4]!);
    const into = polyline(r, 1);
    expect(into.at(-1)).toEqual(portAbs(task, r, 1, 0));
    expect(into.at(-2)![1]).toBeGreaterThan(into.at(-1)![1]); // arrives from below
    const out = polyline(r, 2);
    expect(out[0]).toEqual(portAbs(task, r, 1, 1));
    expect(out[1]![1]).toBeLessThan(out[0]![1]); // leaves upwards
  });

  it('RIGHT: ports on WEST / EAST, stubs IN leftmost, OUT rightmost', async () => {
    const task = groupTask('RIGHT');
    const r = await runElkTask(elk, task);
    const xs = [0, 1, 2, 3, 4].map((i) => r.nodeXY[2 * i]!);
    expect(xs[3]).toBe(Math.min(...xs));
    expect(xs[4]).toBe(Math.max(...xs));
    const into = polyline(r, 1);
    expect(into.at(-1)).toEqual(portAbs(task, r, 1, 0));
    expect(into.at(-1)![0]).toBe(xs[1]); // on G's west border
    expect(into.at(-2)![0]).toBeLessThan(into.at(-1)![0]); // arrives from the left
    const out = polyline(r, 2);
    expect(out[0]).toEqual(portAbs(task, r, 1, 1));
    expect(out[0]![0]).toBe(xs[1]! + 80); // on G's east border
    expect(out[1]![0]).toBeGreaterThan(out[0]![0]); // leaves to the right
  });

  it.each(['UP', 'RIGHT'] as const)('stubs land in the first / last layer of bigger graphs (%s)', async (direction) => {
    for (const routing of ROUTINGS) {
      const task = syntheticTask({ nodes: 40, seed: 11, ports: true, stubs: true, direction, options: { 'elk.edgeRouting': routing } });
      const r = await runElkTask(elk, task);
      // Layer axis, oriented so that the first layer has the smallest values.
      const axis = direction === 'UP' ? 1 : 0;
      const sign = direction === 'UP' ? -1 : 1;
      const span = (i: number): [number, number] => {
        const a = sign * r.nodeXY[2 * i + axis]!;
        const b = sign * (r.nodeXY[2 * i + axis]! + task.nodeSize[2 * i + axis]!);
        return [Math.min(a, b), Math.max(a, b)];
      };
      const n = task.nodeKind.length;
      let stubs = 0;
      for (let s = 0; s < n; s++) {
        const kind = task.nodeKind[s];
        if (kind !== TaskNodeKindCode.stubIn && kind !== TaskNodeKindCode.stubOut) continue;
        stubs++;
        const [lo, hi] = span(s);
        // In the first layer, no node lies wholly before the stub; in the last, none wholly after.
        for (let v = 0; v < n; v++) {
          if (kind === TaskNodeKindCode.stubIn) expect(span(v)[1]).toBeGreaterThan(lo);
          else expect(span(v)[0]).toBeLessThan(hi);
        }
      }
      expect(stubs).toBe(10);
    }
  });

  it('is deterministic: byte-identical results across runs and ELK instances', async () => {
    const tasks = [groupTask('UP'), groupTask('RIGHT', 'SPLINES'), syntheticTask({ nodes: 60, seed: 9, ports: true, stubs: true })];
    const other = createElk();
    for (const task of tasks) {
      const first = await runElkTask(elk, task);
      const again = await runElkTask(elk, task);
      const elsewhere = await runElkTask(other, task);
      expect(sameLayout(first, again)).toBe(true);
      expect(sameLayout(first, elsewhere)).toBe(true);
      expect(first.elkMs).toBeGreaterThan(0);
    }
  });

  it('leaves the task unchanged and reports the graph size', async () => {
    const task = groupTask('UP');
    const copy = structuredClone(task);
    const r = await runElkTask(elk, task);
    expect(task).toEqual(copy);
    expect(r.nodeXY.length).toBe(10);
    expect(r.edgePointStart.length).toBe(5);
    expect(r.width).toBeGreaterThanOrEqual(100);
    expect(r.height).toBeGreaterThan(80 + 2 * 20);
  });

  it('lays out an empty task', async () => {
    const r = await runElkTask(elk, buildTask({ direction: 'UP', nodes: [], edges: [] }));
    expect([r.nodeXY.length, r.edgePointStart.length, r.edgePoints.length]).toEqual([0, 1, 0]);
  });

  it('rejects malformed tasks with a clear message', async () => {
    const broken = groupTask('UP');
    broken.edges[1] = 0; // source port 0 belongs to node 1, not node 0
    await expect(runElkTask(elk, broken)).rejects.toThrow('invalid ELK task: edge 0 source port 0 does not belong to node 3');
    const short = groupTask('UP');
    short.nodeSize = short.nodeSize.subarray(2);
    await expect(runElkTask(elk, short)).rejects.toThrow('nodeSize has 8 values for 5 nodes');
  });
});

describe('reading ELK output defensively', () => {
  const task = buildTask({
    direction: 'UP',
    nodes: [{ width: 10, height: 10, ports: [{ x: 5, y: 0, side: 'out' }] }, { width: 20, height: 10 }],
    edges: [{ source: 0, sourcePort: 0, target: 1 }, { source: 1, target: 0 }],
  });
  const fake = (edges: unknown[]): ElkLayouter => ({
    layout: () => Promise.resolve({ id: 'root', width: 50, height: 60, children: [{ id: 'n1', x: 0, y: 0 }, { id: 'n0', x: 30, y: 40 }], edges } as never),
  });

  it('draws a straight segment between the anchors of an edge without sections', async () => {
    const r = await runElkTask(fake([{ id: 'e0', sources: ['p0'], targets: ['n1'] }]), task);
    expect(Array.from(r.nodeXY)).toEqual([30, 40, 0, 0]);
    expect(polyline(r, 0)).toEqual([[35, 40], [10, 5]]); // port → node center
    expect(polyline(r, 1)).toEqual([[10, 5], [35, 45]]); // edge missing in the output
  });

  it('chains several sections, dropping repeated joints', async () => {
    const sections = [
      { id: 's0', startPoint: { x: 35, y: 40 }, bendPoints: [{ x: 35, y: 30 }], endPoint: { x: 20, y: 30 } },
      { id: 's1', startPoint: { x: 20, y: 30 }, endPoint: { x: 10, y: 10 } },
    ];
    const r = await runElkTask(fake([{ id: 'e0', sources: ['p0'], targets: ['n1'], sections }]), task);
    expect(polyline(r, 0)).toEqual([[35, 40], [35, 30], [20, 30], [10, 10]]);
    expect(Array.from(r.edgePointStart)).toEqual([0, 4, 6]);
  });

  it('stores −0 as +0', async () => {
    const minusZero: ElkLayouter = {
      layout: () =>
        Promise.resolve({
          id: 'root',
          width: -0,
          children: [{ id: 'n0', x: -0, y: 0 }, { id: 'n1', x: 0, y: -0 }],
          edges: [{ id: 'e0', sources: [], targets: [], sections: [{ id: 's', startPoint: { x: -0, y: 1 }, endPoint: { x: 2, y: -0 } }] }],
        } as never),
    };
    const r = await runElkTask(minusZero, task);
    for (const v of [...r.nodeXY, ...r.edgePoints, r.width]) expect(Object.is(v, -0)).toBe(false);
  });
});
