/**
 * tbg layout FILE [--expand none|all|depth=N] [--svg out.svg] [--bench [--max-expands N]]
 * Lays a graph out in a worker pool and prints one JSON object: the view's node and edge counts,
 * the first layout time, the largest single ELK call, and the geometry invariants of the view.
 * With --bench it also times expanding each metanode once from the collapsed root (p50/p95).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { checkInvariants, parseExpandMode, percentile, robotoFontFaceCss, toSVG, type ExpandMode } from '@tbg/layout';
import { loadOpGraph } from '../shell/load-graph-file.js';
import { usageError, type CliSpec } from '../shell/run-cli.js';
import { layOut } from './lay-out.js';

const USAGE = `usage: tbg layout FILE [--expand none|all|depth=N] [--svg out.svg] [--bench [--max-expands N]]

FILE: GraphDef (.pb/.pbtxt), MetaGraphDef, SavedModel (file or directory), TF.js graph model
(model.json), RunMetadata with a graph, or an event file with a graph.
  --expand MODE      the view to report and draw (default none: the collapsed root)
  --svg PATH         write that view as a standalone SVG (tbg render has colours and PNG)
  --bench            also time expanding each metanode once, from the collapsed root
  --max-expands N    with --bench: time at most N metanodes, evenly sampled (default 2000)
Prints {nodes, edges, firstLayoutMs, maxElkNodes, maxElkMs, invariants}; --bench adds
expandP50Ms, expandP95Ms, expandsTimed and metanodes.`;

interface Args {
  file: string;
  svg: string | undefined;
  mode: ExpandMode;
  bench: number | null;
}

function parseArgs(args: string[]): Args {
  let file: string | undefined;
  let svg: string | undefined;
  let mode: ExpandMode = { kind: 'none' };
  let bench = false;
  let maxExpands: number | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const value = () => args[++i] ?? usageError(`${a} needs a value`);
    if (a === '--expand') mode = parseExpandMode(value()) ?? usageError(`bad --expand ${args[i]}: none, all or depth=N`);
    else if (a === '--svg') svg = value();
    else if (a === '--bench') bench = true;
    else if (a === '--max-expands') {
      maxExpands = Number(value());
      if (!Number.isInteger(maxExpands) || maxExpands < 0) usageError('--max-expands needs a count');
    } else if (a.startsWith('-')) usageError(`unknown option ${a}`);
    else if (file === undefined) file = a;
    else usageError('only one FILE');
  }
  if (maxExpands !== undefined && !bench) usageError('--max-expands applies with --bench');
  return { file: file ?? usageError('missing FILE'), svg, mode, bench: bench ? (maxExpands ?? 2000) : null };
}

const r2 = (x: number) => Math.round(x * 100) / 100;

async function main(argv: string[]): Promise<number> {
  const args = parseArgs(argv);
  const { loaded } = loadOpGraph(args.file);
  const out = await layOut(loaded.columnar, { mode: args.mode, benchExpands: args.bench });
  const g = out.geometry;
  const inv = checkInvariants(g);
  if (args.svg) {
    mkdirSync(dirname(args.svg), { recursive: true });
    writeFileSync(args.svg, toSVG(g, { fontFaceCss: robotoFontFaceCss() }));
  }
  const e = out.expands;
  if (e && e.timed < e.metanodes) process.stderr.write(`tbg layout: timed ${e.timed} of ${e.metanodes} metanodes (--max-expands)\n`);
  const violations = inv.violations.map((v) => `${v.rule}: ${v.message}`);
  const result = {
    nodes: g.nodes.count,
    edges: g.edges.count,
    firstLayoutMs: r2(out.firstLayoutMs),
    ...(e ? { expandP50Ms: r2(percentile(e.times, 0.5)), expandP95Ms: r2(percentile(e.times, 0.95)), expandsTimed: e.timed, metanodes: e.metanodes } : {}),
    maxElkNodes: out.maxElkNodes,
    maxElkMs: r2(out.maxElkMs),
    invariants: { ok: inv.ok, violations: inv.more ? [...violations, `… and ${inv.more} more`] : violations },
  };
  process.stdout.write(JSON.stringify(result) + '\n');
  return inv.ok ? 0 : 1;
}

export const layoutCommand: CliSpec = { name: 'tbg layout', usage: USAGE, run: main };
