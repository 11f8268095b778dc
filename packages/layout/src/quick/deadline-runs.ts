/**
 * ELK calls with a deadline (quick-start-runner.ts): a call that has not answered within
 * `deadlineMs` of its layout's start (or of the call, without one) is answered with the quick
 * layout, marked provisional, while ELK goes on with it;
 * its result is kept for the next run of the same task (by content key, task-key.ts), which gets
 * it — waiting for it if need be.
 */
import { taskKey } from '../elk/task-key.js';
import type { ElkResult, ElkTask } from '../elk/task.js';
import { quickLayered } from './quick-layered.js';

/** ELK results of tasks answered quickly, kept for the settling request (older ones are dropped). */
const MAX_LATE = 64;

export interface DeadlineRuns {
  /**
   * ELK's result of `task` if within the deadline (or already late and kept), else the quick
   * layout. The deadline counts from `since` when given (the layout's start), else from now.
   */
  run(task: ElkTask, signal?: AbortSignal, since?: number): Promise<ElkResult>;
  /** ELK's result of `task`, however long it takes (a kept late result if there is one). */
  wait(task: ElkTask, signal?: AbortSignal): Promise<ElkResult>;
}

/** `runElk` calls ELK (it may transfer the task's buffers away). */
export function deadlineRuns(runElk: (task: ElkTask, signal?: AbortSignal) => Promise<ElkResult>, deadlineMs: number): DeadlineRuns {
  const late = new Map<string, Promise<ElkResult>>();
  const takeLate = (key: string): Promise<ElkResult> | undefined => {
    const known = late.get(key);
    late.delete(key);
    return known;
  };
  const keep = (key: string, real: Promise<ElkResult>) => {
    late.set(key, real);
    // A failed or cancelled call is not kept: the next run asks ELK again.
    real.catch(() => late.get(key) === real && late.delete(key));
    if (late.size > MAX_LATE) late.delete(late.keys().next().value!);
  };
  /**
   * The caller's signal cancels the ELK call only until the quick answer is given: after that
   * the call belongs to the next run of the task.
   */
  const race = (key: string, task: ElkTask, signal: AbortSignal | undefined, since: number): Promise<ElkResult> => {
    const own = new AbortController();
    const forward = () => own.abort(signal?.reason);
    if (signal?.aborted) forward();
    signal?.addEventListener('abort', forward, { once: true });
    // The quick layout needs the task's buffers: ELK gets copies.
    const real = runElk(copyTask(task), own.signal);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const quick = new Promise<ElkResult>((resolve) => {
      timer = setTimeout(() => {
        signal?.removeEventListener('abort', forward);
        keep(key, real);
        resolve(quickLayered(task));
      }, Math.max(0, since + deadlineMs - performance.now()));
    });
    const settled = real.finally(() => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', forward);
    });
    return Promise.race([settled, quick]);
  };
  return {
    run(task, signal, since = performance.now()) {
      const key = taskKey(task);
      return takeLate(key)?.catch(() => runElk(task, signal)) ?? race(key, task, signal, since);
    },
    wait(task, signal) {
      return takeLate(taskKey(task))?.catch(() => runElk(task, signal)) ?? runElk(task, signal);
    },
  };
}

/** A task whose arrays are copies (the runner may transfer the originals to a worker). */
function copyTask(t: ElkTask): ElkTask {
  return { ...t, nodeSize: t.nodeSize.slice(), nodeKind: t.nodeKind.slice(), portStart: t.portStart.slice(), portXY: t.portXY.slice(), portSide: t.portSide.slice(), edges: t.edges.slice() };
}
