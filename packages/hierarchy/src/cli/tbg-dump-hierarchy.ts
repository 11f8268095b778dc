/**
 * tbg-dump-hierarchy FILE [--out dump.json] [--generalized-series] [--no-series]
 * Builds the hierarchy of any graph source loadGraph takes and writes dumpHierarchy's JSON.
 * Event files need @tbg/events installed (it is an optional peer: the library itself never
 * reads events).
 */
import { writeFileSync } from 'node:fs';
import { loadEventGraphReader, readGraphFile, runCli, usageError } from '@tbg/proto/cli';
import { dumpHierarchy } from '../dump/dump.js';

const USAGE = `usage: tbg-dump-hierarchy FILE [--out dump.json] [--generalized-series] [--no-series] [--no-auto-extract]

FILE: GraphDef (.pb/.pbtxt), MetaGraphDef, SavedModel (file or directory), RunMetadata,
TF.js model.json, or an event file (with @tbg/events installed).`;

async function main(args: string[]): Promise<number> {
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
  const { path, bytes } = readGraphFile(file);
  const reader = await loadEventGraphReader();
  const dump = dumpHierarchy(bytes, { name: path, ...(reader ? { eventReader: reader } : {}), hierarchy, render: { autoExtract } });
  const json = JSON.stringify(dump, null, 1) + '\n';
  if (out) writeFileSync(out, json);
  else process.stdout.write(json);
  return 0;
}

runCli({ name: 'tbg-dump-hierarchy', usage: USAGE, run: main });
