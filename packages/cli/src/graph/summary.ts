/** A readable summary of a loaded graph: what `pnpm start` prints until the viewer exists. */
import { edgeCounts, type ColumnarGraph, type LoadedColumnarGraph } from '@tbg/proto';

export interface GraphSummary {
  file: string;
  kind: string;
  encoding: string;
  nodes: number;
  functions: Array<{ name: string; nodes: number }>;
  dataEdges: number;
  controlEdges: number;
  missingInputs: number;
  maxDepth: number;
  topScopes: Array<{ scope: string; nodes: number }>;
  ops: Array<{ op: string; count: number }>;
  devices: Array<{ device: string; count: number }>;
  largeAttrs: number;
  decodeMs: number;
  warnings: string[];
}

/** Op type → count, sorted by count then name. */
export function opHistogram(g: ColumnarGraph): Record<string, number> {
  const counts = new Uint32Array(g.ops.length);
  for (let i = 0; i < g.nodes.count; i++) counts[g.nodes.op[i]!]!++;
  const entries = g.ops.map((op, i) => [op, counts[i]!] as const).filter(([, c]) => c > 0);
  entries.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  return Object.fromEntries(entries);
}

export function summarize(loaded: LoadedColumnarGraph, file: string, decodeMs: number): GraphSummary {
  const g = loaded.columnar;
  const t = g.nodes;
  const scopes = new Map<string, number>();
  let maxDepth = 0;
  for (const name of t.names) {
    const slash = name.indexOf('/');
    const top = slash < 0 ? '(root ops)' : name.slice(0, slash);
    scopes.set(top, (scopes.get(top) ?? 0) + 1);
    let depth = 0;
    for (let k = 0; k < name.length; k++) if (name.charCodeAt(k) === 47) depth++;
    if (depth > maxDepth) maxDepth = depth;
  }
  const devCounts = new Map<string, number>();
  for (let i = 0; i < t.count; i++) {
    const d = g.devices[t.device[i]!] || '(none)';
    devCounts.set(d, (devCounts.get(d) ?? 0) + 1);
  }
  const e = edgeCounts(t);
  const byCount = <K extends string>(m: Map<K, number>) => [...m].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  return {
    file,
    kind: loaded.kind,
    encoding: loaded.encoding,
    nodes: t.count,
    functions: g.functions.map((f) => ({ name: f.name, nodes: f.nodes.count })),
    dataEdges: e.data,
    controlEdges: e.control,
    missingInputs: e.missing,
    maxDepth,
    topScopes: byCount(scopes).map(([scope, nodes]) => ({ scope, nodes })),
    ops: Object.entries(opHistogram(g)).map(([op, count]) => ({ op, count })),
    devices: byCount(devCounts).map(([device, count]) => ({ device, count })),
    largeAttrs: loaded.largeAttrs.length,
    decodeMs,
    warnings: loaded.warnings,
  };
}

export function formatSummary(s: GraphSummary): string {
  const lines: string[] = [];
  const list = <T>(items: T[], n: number, fmt: (x: T) => string) => {
    for (const x of items.slice(0, n)) lines.push(`  ${fmt(x)}`);
    if (items.length > n) lines.push(`  … and ${items.length - n} more`);
  };
  lines.push(`${s.file}`);
  lines.push(`  ${s.kind} (${s.encoding}), decoded in ${s.decodeMs.toFixed(1)} ms`);
  lines.push(`  ${s.nodes} nodes, ${s.dataEdges} data edges, ${s.controlEdges} control edges, scopes up to ${s.maxDepth} deep`);
  if (s.missingInputs) lines.push(`  ${s.missingInputs} inputs refer to nodes not in the graph`);
  if (s.functions.length) lines.push(`  ${s.functions.length} library functions: ${s.functions.map((f) => `${f.name} (${f.nodes} nodes)`).join(', ')}`);
  if (s.largeAttrs) lines.push(`  ${s.largeAttrs} attrs over 1024 bytes left out (see _too_large_attrs)`);
  lines.push('', 'top-level scopes:');
  list(s.topScopes, 12, (x) => `${String(x.nodes).padStart(7)}  ${x.scope}`);
  lines.push('', 'ops:');
  list(s.ops, 12, (x) => `${String(x.count).padStart(7)}  ${x.op}`);
  lines.push('', 'devices:');
  list(s.devices, 6, (x) => `${String(x.count).padStart(7)}  ${x.device}`);
  if (s.warnings.length) {
    lines.push('', 'warnings:');
    for (const w of s.warnings) lines.push(`  ${w}`);
  }
  return lines.join('\n');
}
