import { abortError } from './abort.js';
import type { ElkRunner } from './runner.js';
import { tappedRunner } from './tapped-runner.js';

/**
 * An ElkRunner that returns to the event loop before each task. An in-thread runner finishes
 * a whole layout in microtasks, so a worker using one would not see a newer request (which
 * cancels the running layout) until the old layout is done; with this, it sees it before the
 * next ELK call.
 */
export function yieldingRunner(inner: ElkRunner): ElkRunner {
  return tappedRunner(inner, async (_task, signal) => {
    await nextMacrotask();
    if (signal?.aborted) throw abortError(signal);
  });
}

type Immediate = (callback: () => void) => unknown;

/** Resolves after pending messages have been dispatched (setImmediate in Node, a MessageChannel hop in browsers). */
export function nextMacrotask(): Promise<void> {
  const immediate = (globalThis as { setImmediate?: Immediate }).setImmediate;
  if (immediate) return new Promise((resolve) => void immediate(resolve));
  return new Promise((resolve) => {
    // The browser's MessageChannel (this package is compiled without DOM types).
    const channel = new MessageChannel() as unknown as { port1: { onmessage: (() => void) | null; close(): void }; port2: { postMessage(m: unknown): void } };
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
