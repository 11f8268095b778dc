/** The rejection of a run whose AbortSignal fired: an Error named 'AbortError', like fetch's. */
export function abortError(signal: AbortSignal): Error {
  const error = new Error('ELK task aborted', { cause: signal.reason });
  error.name = 'AbortError';
  return error;
}

// One listener per signal, whatever the number of tasks waiting on it: a layout request shares
// its signal with hundreds of tasks, and Node warns past 10 listeners on one EventTarget.
const waiting = new WeakMap<AbortSignal, Set<() => void>>();

/** Calls `callback` once when `signal` fires; returns the function that stops listening. */
export function onAbort(signal: AbortSignal, callback: () => void): () => void {
  let set = waiting.get(signal);
  if (!set) {
    const callbacks = new Set<() => void>();
    set = callbacks;
    waiting.set(signal, callbacks);
    signal.addEventListener(
      'abort',
      () => {
        waiting.delete(signal);
        for (const cb of [...callbacks]) cb();
      },
      { once: true },
    );
  }
  const mine = set;
  mine.add(callback);
  return () => {
    mine.delete(callback);
  };
}
