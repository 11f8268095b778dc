/** Layout quality figures for the option benchmark: edge crossings and total edge length of an ELK result. */
import type { ElkResult } from '../src/elk/task.js';

interface Segment {
  edge: number;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

function segments(r: ElkResult): Segment[] {
  const out: Segment[] = [];
  const m = r.edgePointStart.length - 1;
  for (let e = 0; e < m; e++) {
    for (let p = r.edgePointStart[e]!; p + 1 < r.edgePointStart[e + 1]!; p++) {
      out.push({ edge: e, x1: r.edgePoints[2 * p]!, y1: r.edgePoints[2 * p + 1]!, x2: r.edgePoints[2 * p + 2]!, y2: r.edgePoints[2 * p + 3]! });
    }
  }
  return out;
}

function cross(a: Segment, b: Segment): boolean {
  const d = (ax: number, ay: number, bx: number, by: number, cx: number, cy: number) => (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
  const d1 = d(a.x1, a.y1, a.x2, a.y2, b.x1, b.y1);
  const d2 = d(a.x1, a.y1, a.x2, a.y2, b.x2, b.y2);
  const d3 = d(b.x1, b.y1, b.x2, b.y2, a.x1, a.y1);
  const d4 = d(b.x1, b.y1, b.x2, b.y2, a.x2, a.y2);
  // Proper crossings only: touching at shared ports or ends does not count.
  return d1 * d2 < -1e-6 && d3 * d4 < -1e-6;
}

/** Pairs of edges that cross (each pair once, however many times). */
export function crossings(r: ElkResult): number {
  const segs = segments(r).sort((a, b) => Math.min(a.x1, a.x2) - Math.min(b.x1, b.x2));
  const pairs = new Set<number>();
  const m = r.edgePointStart.length;
  for (let i = 0; i < segs.length; i++) {
    const a = segs[i]!;
    const ax = Math.max(a.x1, a.x2);
    for (let j = i + 1; j < segs.length; j++) {
      const b = segs[j]!;
      if (Math.min(b.x1, b.x2) > ax) break;
      if (a.edge === b.edge) continue;
      if (cross(a, b)) pairs.add(Math.min(a.edge, b.edge) * m + Math.max(a.edge, b.edge));
    }
  }
  return pairs.size;
}

export function edgeLength(r: ElkResult): number {
  let total = 0;
  for (const s of segments(r)) total += Math.hypot(s.x2 - s.x1, s.y2 - s.y1);
  return total;
}
