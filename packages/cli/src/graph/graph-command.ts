/**
 * tbg graph FILE [--nodes | --summary] [--meta-graph N|TAG] [--tag TAG] [--no-attr-limit]
 * Inspects any graph source: one JSON object by default, one JSON line per node with --nodes,
 * or a readable report with --summary.
 */
import { performance } from 'node:perf_hooks';
import { edgeCounts, inputString, type LoadedColumnarGraph, type LoadGraphOptions } from '@tbg/proto';
import { loadGraphFile } from '../shell/load-graph-file.js';
import { usageError, type CliSpec } from '../shell/run-cli.js';
import { summarize, formatSummary, opHistogram } from './summary.js';

const USAGE = `usage: tbg graph FILE [--nodes | --summary] [--meta-graph N|TAG] [--tag TAG] [--no-attr-limit]

FILE is a GraphDef (.pb or .pbtxt), MetaGraphDef (.meta), SavedModel (saved_model.pb or its
directory), RunMetadata, TF.js model.json, or an event file.
  (default)       one JSON object: {kind, nodeCount, functionCount, edgeCount,
                  controlEdgeCount, opHistogram, decodeMs, warnings}
  --nodes         one JSON line per node: {name, op, device, inputs}
  --summary       a readable report: scopes, ops, devices, large attrs
  --meta-graph X  which meta graph of a SavedModel (index or tag)
  --tag TAG       which graph or run-metadata tag of an event file (default: the last graph)
  --no-attr-limit keep attrs over 1024 bytes`;

/** --meta-graph and --tag choose inside a SavedModel or an event file: elsewhere they are a usage error. */
function checkOptionsApply(loaded: LoadedColumnarGraph, opts: LoadGraphOptions): void {
  const what = loaded.kind === 'events' ? 'an event file' : `a ${KIND_NAMES[loaded.kind]}`;
  if (opts.metaGraph !== undefined && loaded.kind !== 'savedmodel') usageError(`--meta-graph applies to a SavedModel; this is ${what}`);
  if (opts.tag !== undefined && loaded.kind !== 'events') usageError(`--tag applies to an event file; this is ${what}`);
}

const KIND_NAMES: Record<LoadedColumnarGraph['kind'], string> = {
  graphdef: 'GraphDef',
  metagraph: 'MetaGraphDef (one meta graph)',
  savedmodel: 'SavedModel',
  'run-metadata': 'RunMetadata',
  'tfjs-graph-model': 'TF.js graph model',
  'keras-model': 'Keras model config',
  events: 'event file',
};

type Mode = 'json' | 'nodes' | 'summary';

function parseArgs(args: string[]): { file: string; mode: Mode; opts: LoadGraphOptions } {
  let file: string | undefined;
  let mode: Mode = 'json';
  const opts: LoadGraphOptions = {};
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--nodes') mode = 'nodes';
    else if (a === '--summary') mode = 'summary';
    else if (a === '--no-attr-limit') opts.limitAttrSize = null;
    else if (a === '--meta-graph') {
      const v = args[++i];
      if (v === undefined) usageError('--meta-graph needs a value');
      opts.metaGraph = /^\d+$/.test(v) ? Number(v) : v;
    } else if (a === '--tag') {
      const v = args[++i];
      if (v === undefined) usageError('--tag needs a value');
      opts.tag = v;
    } else if (a.startsWith('-')) usageError(`unknown option ${a}`);
    else if (file === undefined) file = a;
    else usageError('only one FILE');
  }
  if (file === undefined) usageError('missing FILE');
  return { file, mode, opts };
}

/** One JSON line per node, written in batches. */
function writeNodes(loaded: LoadedColumnarGraph): void {
  const g = loaded.columnar;
  const t = g.nodes;
  const out: string[] = [];
  for (let i = 0; i < t.count; i++) {
    const inputs: string[] = [];
    for (let j = t.inputStart[i]!; j < t.inputStart[i + 1]!; j++) inputs.push(inputString(g, t, j));
    out.push(JSON.stringify({ name: t.names[i], op: g.ops[t.op[i]!], device: g.devices[t.device[i]!], inputs }));
    if (out.length >= 4096) {
      process.stdout.write(out.join('\n') + '\n');
      out.length = 0;
    }
  }
  if (out.length) process.stdout.write(out.join('\n') + '\n');
}

/** The default output: one JSON object of counts, the op histogram and the warnings. */
function jsonSummary(loaded: LoadedColumnarGraph, decodeMs: number): Record<string, unknown> {
  const g = loaded.columnar;
  const t = g.nodes;
  const counts = edgeCounts(t);
  const warnings = [...loaded.warnings];
  if (counts.missing) warnings.push(`${counts.missing} inputs refer to nodes that are not in the graph`);
  if (t.duplicates.length) warnings.push(`${t.duplicates.length} node names appear more than once`);
  if (loaded.largeAttrs.length) warnings.push(`${loaded.largeAttrs.length} attrs over the size limit were left out`);
  return {
    kind: loaded.kind,
    nodeCount: t.count,
    functionCount: g.functions.length,
    edgeCount: counts.data + counts.control,
    controlEdgeCount: counts.control,
    opHistogram: opHistogram(g),
    decodeMs: Math.round(decodeMs * 100) / 100,
    warnings,
  };
}

function main(args: string[]): number {
  const { file, mode, opts } = parseArgs(args);
  const t0 = performance.now();
  const { path, loaded } = loadGraphFile(file, opts);
  const decodeMs = performance.now() - t0;
  checkOptionsApply(loaded, opts);
  if (mode === 'nodes') writeNodes(loaded);
  else if (mode === 'summary') process.stdout.write(formatSummary(summarize(loaded, path, decodeMs)) + '\n');
  else process.stdout.write(JSON.stringify(jsonSummary(loaded, decodeMs)) + '\n');
  return 0;
}

export const graphCommand: CliSpec = { name: 'tbg graph', usage: USAGE, run: main };
