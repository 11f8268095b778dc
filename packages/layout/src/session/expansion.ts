/**
 * Expansion states used by the bin and the bench: none, all, or everything down to a depth;
 * and the standard measurement — expanding each metanode once from the collapsed root.
 */
import { GROUP_META, type Hierarchy, type RenderModel } from '@tbg/hierarchy';
import type { LayoutSession } from './layout-session.js';

export type ExpandMode = { kind: 'none' } | { kind: 'all' } | { kind: 'depth'; depth: number };

export function parseExpandMode(s: string): ExpandMode | null {
  if (s === 'none') return { kind: 'none' };
  if (s === 'all') return { kind: 'all' };
  const m = /^depth=(\d+)$/.exec(s);
  return m ? { kind: 'depth', depth: Number(m[1]) } : null;
}

/** Expands the groups the mode asks for (metanodes and series), leaving the rest as they are. */
export function applyExpandMode(model: RenderModel, mode: ExpandMode): void {
  const h = model.hierarchy;
  if (mode.kind === 'none') return;
  for (const g of h.groupOrder) {
    if (g === 0) continue;
    if (mode.kind === 'depth' && h.level[h.n + g]! > mode.depth) continue;
    model.expand(h.n + g);
  }
}

/** Collapses everything: back to the root view. */
export function collapseAll(model: RenderModel): void {
  for (const name of model.expansion.names()) model.expansion.set(name, false);
}

export interface ExpandTimings {
  /** Metanodes timed (all of them, or an even sample when there are more than `maxExpands`). */
  timed: number;
  metanodes: number;
  times: number[];
  /** The slowest expand and its group. */
  maxMs: number;
  slowest: string;
}

/** Metanodes in tree order, sampled evenly down to `max`. */
function metanodesToTime(h: Hierarchy, max: number): number[] {
  const metas = Array.from(h.groupOrder).filter((g) => g !== 0 && h.groups[g]!.kind === GROUP_META);
  if (metas.length <= max) return metas;
  const step = metas.length / max;
  return Array.from({ length: max }, (_, i) => metas[Math.floor(i * step)]!);
}

/**
 * For each metanode: show it (its ancestors expanded, the rest collapsed), lay that out, then
 * expand it and time the layout. Earlier steps leave their layouts cached, as a session would.
 */
export async function timeExpansions(session: LayoutSession, model: RenderModel, maxExpands = Infinity): Promise<ExpandTimings> {
  const h = model.hierarchy;
  const metas = metanodesToTime(h, maxExpands);
  const times: number[] = [];
  let maxMs = 0;
  let slowest = '';
  for (const g of metas) {
    collapseAll(model);
    const parent = h.groups[g]!.parent;
    if (parent !== h.n) model.expand(parent);
    await session.layout();
    model.expand(h.n + g);
    const v = await session.layout();
    times.push(v.ms);
    if (v.ms > maxMs) {
      maxMs = v.ms;
      slowest = h.groups[g]!.name;
    }
  }
  collapseAll(model);
  return { timed: metas.length, metanodes: Array.from(h.groupOrder).filter((g) => g !== 0 && h.groups[g]!.kind === GROUP_META).length, times, maxMs, slowest };
}

export function percentile(xs: readonly number[], p: number): number {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
}
