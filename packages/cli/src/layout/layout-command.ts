/**
 * tbg layout FILE [--expand none|all|depth=N] [--svg out.svg] [--max-expands N]
 * Lays a graph out in a worker pool and prints one JSON object: the view's node and edge
 * counts, the first layout time, expand p50/p95 (each metanode once, from the collapsed root),
 * the largest single ELK call, and the geometry invariants of the final view.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { performance } from 'node:perf_hooks';
import { eventGraphReader } from '@tbg/events';
import { buildHierarchy, buildSlimGraph, RenderModel } from '@tbg/hierarchy';
import { applyExpandMode, checkInvariants, LayoutSession, parseExpandMode, percentile, robotoFontFaceCss, timeExpansions, toSVG, type ExpandMode } from '@tbg/layout';
import { createNodeWorkerPool } from '@tbg/layout/node';
import { loadColumnarGraph } from '@tbg/proto';
import { readGraphFile } from '../shell/read-graph-file.js';
import { usageError, type CliSpec } from '../shell/run-cli.js';

const USAGE = `usage: tbg layout FILE [--expand none|all|depth=N] [--svg out.svg] [--max-expands N]

FILE: GraphDef (.pb/.pbtxt), MetaGraphDef, SavedModel (file or directory), TF.js model.json,
or an event file.
  --expand MODE      the view to report and draw (default none: the collapsed root)
  --svg PATH         write that view as a standalone SVG
  --max-expands N    time at most N metanodes, evenly sampled (default 2000)
Prints {nodes, edges, firstLayoutMs, expandP50Ms, expandP95Ms, maxElkNodes, maxElkMs, invariants}.`;

async function main(args: string[]): Promise<number> {
  let file: string | undefined;
  let svg: string | undefined;
  let mode: ExpandMode = { kind: 'none' };
  let maxExpands = 2000;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const value = () => args[++i] ?? usageError(`${a} needs a value`);
    if (a === '--expand') mode = parseExpandMode(value()) ?? usageError(`bad --expand ${args[i]}: none, all or depth=N`);
    else if (a === '--svg') svg = value();
    else if (a === '--max-expands') {
      maxExpands = Number(value());
      if (!Number.isInteger(maxExpands) || maxExpands < 0) usageError('--max-expands needs a count');
    } else if (a.startsWith('-')) usageError(`unknown option ${a}`);
    else if (file === undefined) file = a;
    else usageError('only one FILE');
  }
  if (!file) usageError('missing FILE');
  const { path, bytes } = readGraphFile(file);
  const runner = createNodeWorkerPool();
  try {
    // The pool warms up while the graph loads, as an app would do it.
    // (If loading fails first, closing the pool cancels the warm-up: that is not an error.)
    const warm = runner.warmup().catch(() => 0);
    const { columnar } = loadColumnarGraph(bytes, { name: path, eventReader: eventGraphReader });
    const h = buildHierarchy(buildSlimGraph(columnar));
    const model = new RenderModel(h);
    const session = new LayoutSession(model, { runner });
    await warm;
    const t0 = performance.now();
    await session.layout();
    const firstLayoutMs = performance.now() - t0;
    const expands = await timeExpansions(session, model, maxExpands);
    if (expands.timed < expands.metanodes) process.stderr.write(`tbg layout: timed ${expands.timed} of ${expands.metanodes} metanodes (--max-expands)\n`);
    applyExpandMode(model, mode);
    const view = await session.layout();
    const g = view.geometry;
    const inv = checkInvariants(g);
    if (svg) {
      mkdirSync(dirname(svg), { recursive: true });
      writeFileSync(svg, toSVG(g, { fontFaceCss: robotoFontFaceCss() }));
    }
    const r2 = (x: number) => Math.round(x * 100) / 100;
    const result = {
      nodes: g.nodes.count,
      edges: g.edges.count,
      firstLayoutMs: r2(firstLayoutMs),
      expandP50Ms: r2(percentile(expands.times, 0.5)),
      expandP95Ms: r2(percentile(expands.times, 0.95)),
      maxElkNodes: runner.stats.maxElkNodes,
      maxElkMs: r2(runner.stats.maxElkMs),
      invariants: { ok: inv.ok, violations: inv.more ? [...inv.violations.map((v) => `${v.rule}: ${v.message}`), `… and ${inv.more} more`] : inv.violations.map((v) => `${v.rule}: ${v.message}`) },
    };
    process.stdout.write(JSON.stringify(result) + '\n');
    return inv.ok ? 0 : 1;
  } finally {
    await runner.close();
  }
}

export const layoutCommand: CliSpec = { name: 'tbg layout', usage: USAGE, run: main };
