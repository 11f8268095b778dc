/**
 * gen-graph: write a generated training GraphDef to a file.
 *
 *   node dist/gen-graph-cli.js --nodes 100000 --seed 1 -o big.pb [--no-functions] [--stats]
 *
 * Prints one JSON line to stdout: {nodes, bytes, ms, edges, controlEdges, maxDepth, ops}
 * (`--stats` adds opCounts, depthHistogram, topLevel and the generation style).
 */
import { writeFileSync } from 'node:fs';
import { encodeGraphDef } from './encode-graphdef.js';
import { graphStats } from './graph-stats.js';
import { generateTrainingGraph, MAX_NODES, type TrainingGraphOptions } from './training-graph.js';

const USAGE = `Usage: gen-graph --nodes N [--seed S] -o FILE [options]

Writes a seeded, realistic TensorFlow training graph as a binary GraphDef.

Options:
  -n, --nodes N            exact node count (1..${MAX_NODES})            [required]
  -s, --seed S             integer seed                                  [default: 1]
  -o, --out FILE           output file (.pb)                             [required]
      --no-functions       no FunctionDefLibrary / function call sites
      --functions          force a FunctionDefLibrary even for small graphs
      --while-loops K      number of tf.map_fn while loops
      --missing-inputs K   add K inputs that reference absent nodes
      --devices STYLE      none | single | cluster
      --variables STYLE    tf1 | tf2 | mixed
      --model KIND         mlp | cnn | crnn
      --optimizer NAME     Adam | Momentum
      --stats              add op counts, depth histogram and scope sizes to the JSON
  -h, --help               show this help

Prints one JSON line: {"nodes","bytes","ms","edges","controlEdges","maxDepth","ops"}.`;

class UsageError extends Error {}

function intArg(flag: string, v: string | undefined, min: number, max: number): number {
  if (v === undefined || !/^-?\d+$/.test(v)) throw new UsageError(`${flag} expects an integer, got ${v ?? 'nothing'}`);
  const n = Number(v);
  if (n < min || n > max) throw new UsageError(`${flag} must be in [${min}, ${max}], got ${n}`);
  return n;
}

function choice<T extends string>(flag: string, v: string | undefined, allowed: readonly T[]): T {
  if (v === undefined || !(allowed as readonly string[]).includes(v)) {
    throw new UsageError(`${flag} expects one of ${allowed.join(', ')}, got ${v ?? 'nothing'}`);
  }
  return v as T;
}

interface Args {
  options: TrainingGraphOptions;
  out: string;
  stats: boolean;
}

function parseArgs(argv: string[]): Args | 'help' {
  let nodes: number | undefined;
  let seed = 1;
  let out: string | undefined;
  let stats = false;
  const o: Partial<TrainingGraphOptions> = {};
  for (let i = 0; i < argv.length; i++) {
    const raw = argv[i] as string;
    const eq = raw.startsWith('--') ? raw.indexOf('=') : -1;
    const flag = eq > 0 ? raw.slice(0, eq) : raw;
    const value = () => (eq > 0 ? raw.slice(eq + 1) : argv[++i]);
    switch (flag) {
      case '-h': case '--help': return 'help';
      case '-n': case '--nodes': nodes = intArg(flag, value(), 1, MAX_NODES); break;
      case '-s': case '--seed': seed = intArg(flag, value(), -(2 ** 31), 2 ** 32); break;
      case '-o': case '--out': {
        const v = value();
        if (!v) throw new UsageError(`${flag} expects a file name`);
        out = v;
        break;
      }
      case '--functions': o.functions = true; break;
      case '--no-functions': o.functions = false; break;
      case '--while-loops': o.whileLoops = intArg(flag, value(), 0, 100); break;
      case '--missing-inputs': o.missingInputs = intArg(flag, value(), 0, 1_000_000); break;
      case '--devices': o.devices = choice(flag, value(), ['none', 'single', 'cluster'] as const); break;
      case '--variables': o.variables = choice(flag, value(), ['tf1', 'tf2', 'mixed'] as const); break;
      case '--model': o.model = choice(flag, value(), ['mlp', 'cnn', 'crnn'] as const); break;
      case '--optimizer': o.optimizer = choice(flag, value(), ['Adam', 'Momentum'] as const); break;
      case '--stats': stats = true; break;
      default: throw new UsageError(`unknown argument: ${raw}`);
    }
  }
  if (nodes === undefined) throw new UsageError('--nodes is required');
  if (out === undefined) throw new UsageError('-o/--out is required');
  return { options: { ...o, nodes, seed }, out, stats };
}

function main(argv: string[]): number {
  let args: Args | 'help';
  try {
    args = parseArgs(argv);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    process.stderr.write(`gen-graph: ${e.message}\n\n${USAGE}\n`);
    return 2;
  }
  if (args === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const t0 = performance.now();
  const graph = generateTrainingGraph(args.options);
  const bytes = encodeGraphDef(graph);
  const ms = Math.round(performance.now() - t0);
  writeFileSync(args.out, bytes);
  const s = graphStats(graph);
  const line: Record<string, unknown> = {
    nodes: s.nodes,
    bytes: bytes.length,
    ms,
    edges: s.edges,
    controlEdges: s.controlEdges,
    maxDepth: s.maxDepth,
    ops: s.ops,
  };
  if (args.stats) {
    Object.assign(line, {
      functions: s.functions,
      opCounts: s.opCounts,
      depthHistogram: s.depthHistogram,
      topLevel: s.topLevel,
      style: graph.meta,
    });
  }
  process.stdout.write(`${JSON.stringify(line)}\n`);
  return 0;
}

process.exitCode = main(process.argv.slice(2));
