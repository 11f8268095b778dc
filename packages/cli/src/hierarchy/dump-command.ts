/**
 * tbg dump-hierarchy FILE [--out dump.json] [--generalized-series] [--no-series]
 * Builds the hierarchy of any graph source loadGraph takes and writes dumpHierarchy's JSON.
 */
import { writeFileSync } from 'node:fs';
import { dumpHierarchy } from '@tbg/hierarchy';
import { loadOpGraph } from '../shell/load-graph-file.js';
import { usageError, type CliSpec } from '../shell/run-cli.js';

const USAGE = `usage: tbg dump-hierarchy FILE [--out dump.json] [--generalized-series] [--no-series] [--no-auto-extract]

FILE: GraphDef (.pb/.pbtxt), MetaGraphDef, SavedModel (file or directory), RunMetadata with
partition or function graphs, TF.js graph model (model.json), or an event file with a graph.
A Keras model config (a TF.js layers model) has no op graph: it is refused, exit 1.`;

function main(args: string[]): number {
  let file: string | undefined;
  let out: string | undefined;
  const hierarchy: { generalizedSeries?: boolean; groupSeries?: boolean } = {};
  let autoExtract = true;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--out') {
      out = args[++i];
      if (out === undefined) usageError('--out needs a path');
    } else if (a === '--generalized-series') hierarchy.generalizedSeries = true;
    else if (a === '--no-series') hierarchy.groupSeries = false;
    else if (a === '--no-auto-extract') autoExtract = false;
    else if (a.startsWith('-')) usageError(`unknown option ${a}`);
    else if (file === undefined) file = a;
    else usageError('only one FILE');
  }
  if (!file) usageError('missing FILE');
  const { loaded } = loadOpGraph(file);
  const dump = dumpHierarchy(loaded.columnar, { hierarchy, render: { autoExtract } });
  const json = JSON.stringify(dump, null, 1) + '\n';
  if (out) writeFileSync(out, json);
  else process.stdout.write(json);
  return 0;
}

export const dumpHierarchyCommand: CliSpec = { name: 'tbg dump-hierarchy', usage: USAGE, run: main };
