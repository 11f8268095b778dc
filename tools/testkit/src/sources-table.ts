/**
 * Reads the fixture tables of a SOURCES.md, so tests take expected node counts from the
 * documentation that ships with the fixtures instead of copying the numbers.
 */
import { readFileSync } from 'node:fs';

export interface SourcesRow {
  /** The first `backticked` file name of the row. */
  file: string;
  /** The "kind" column, when the table has one. */
  kind: string | undefined;
  /** The first integer of the "nodes" column (e.g. `461 (+2 library functions)` → 461). */
  nodes: number | undefined;
  /** The "nodes" column as written. */
  raw: string;
}

export function sourcesTable(path: string): SourcesRow[] {
  const rows: SourcesRow[] = [];
  let header: string[] | null = null;
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (!line.startsWith('|')) {
      header = null;
      continue;
    }
    const cells = line.split('|').slice(1, -1).map((c) => c.trim());
    if (!header) {
      header = cells.map((c) => c.toLowerCase());
      continue;
    }
    if (cells.every((c) => /^:?-+:?$/.test(c))) continue;
    const nodesCol = header.indexOf('nodes');
    const kindCol = header.indexOf('kind');
    const file = /`([^`]+)`/.exec(cells[0] ?? '')?.[1];
    if (!file || nodesCol < 0) continue;
    const raw = cells[nodesCol] ?? '';
    const n = /\d[\d,]*/.exec(raw)?.[0];
    rows.push({ file, kind: kindCol >= 0 ? cells[kindCol] : undefined, nodes: n === undefined ? undefined : Number(n.replace(/,/g, '')), raw });
  }
  return rows;
}
