/**
 * Lays a loaded graph out in a worker pool, the way an app does it: the pool warms up while the
 * hierarchy is built, the collapsed root is laid out first, then the chosen view. Shared by
 * `tbg layout` and `tbg render`.
 */
import { performance } from 'node:perf_hooks';
import { buildHierarchy, buildSlimGraph, RenderModel, type Hierarchy } from '@tbg/hierarchy';
import { applyExpandMode, LayoutSession, timeExpansions, type Direction, type ExpandMode, type ExpandTimings, type Geometry } from '@tbg/layout';
import { createNodeWorkerPool } from '@tbg/layout/node';
import type { ColumnarGraph } from '@tbg/proto';

export interface LayOutOptions {
  mode: ExpandMode;
  direction?: Direction;
  /** Time expanding up to this many metanodes (from the collapsed root) before the view; null: none. */
  benchExpands?: number | null;
}

export interface LaidOut {
  hierarchy: Hierarchy;
  geometry: Geometry;
  firstLayoutMs: number;
  expands: ExpandTimings | null;
  maxElkNodes: number;
  maxElkMs: number;
}

export async function layOut(columnar: ColumnarGraph, options: LayOutOptions): Promise<LaidOut> {
  const runner = createNodeWorkerPool();
  try {
    // If building the hierarchy fails first, closing the pool cancels the warm-up: not an error.
    const warm = runner.warmup().catch(() => 0);
    const hierarchy = buildHierarchy(buildSlimGraph(columnar));
    const model = new RenderModel(hierarchy);
    const session = new LayoutSession(model, { runner, ...(options.direction ? { params: { direction: options.direction } } : {}) });
    await warm;
    const t0 = performance.now();
    await session.layout();
    const firstLayoutMs = performance.now() - t0;
    const bench = options.benchExpands;
    const expands = bench === null || bench === undefined ? null : await timeExpansions(session, model, bench);
    applyExpandMode(model, options.mode);
    const view = await session.layout();
    return { hierarchy, geometry: view.geometry, firstLayoutMs, expands, maxElkNodes: runner.stats.maxElkNodes, maxElkMs: runner.stats.maxElkMs };
  } finally {
    await runner.close();
  }
}
