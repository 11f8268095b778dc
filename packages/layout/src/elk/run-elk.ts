import ELK from 'elkjs/lib/elk.bundled.js';
import type { ELK as ElkEngine } from 'elkjs/lib/elk-api.js';
import { directLayouter } from './direct-layout.js';
import { readElkResult } from './read-elk-result.js';
import type { ElkResult, ElkTask } from './task.js';
import { toElkGraph } from './to-elk-graph.js';
import { validateTask } from './validate-task.js';

/** What runElkTask needs of an ELK instance (a narrow type, so tests can pass a fake). */
export type ElkLayouter = Pick<ElkEngine, 'layout'>;

/**
 * An ELK that runs in the calling thread (elkjs' bundled build, no Web Worker of its own): the
 * worker pool already gives each ELK its own thread. Calls go straight to ELK's dispatcher
 * when possible (direct-layout.ts), else through the public API.
 */
export function createElk(): ElkLayouter {
  const elk = new ELK();
  return directLayouter(elk) ?? elk;
}

/**
 * Lays out one task. Reads the task, never changes it. Throws on a malformed task (see
 * validateTask) and passes ELK's own errors on. `elkMs` covers `elk.layout` only, not the
 * conversions to and from ELK JSON.
 */
export async function runElkTask(elk: ElkLayouter, task: ElkTask): Promise<ElkResult> {
  validateTask(task);
  const graph = toElkGraph(task);
  const started = performance.now();
  const laidOut = await elk.layout(graph);
  const elkMs = performance.now() - started;
  return readElkResult(task, laidOut, elkMs);
}
