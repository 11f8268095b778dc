/**
 * The boot script every inlined worker starts from (worker-scripts.ts), bundled on its own at
 * build time and inlined as source text. It
 * - unpacks the worker's real script from the first message (`tbg-boot`) and runs it;
 * - holds every other message until then, and dispatches them again, in order, to the listeners
 *   that script added;
 * - downloads graph URLs at once, whatever the state of the import (fetch-protocol.ts), with the
 *   page's own `readUrl`: progress at most every 50 ms and at the end, the bytes of the latest
 *   download kept in `self.tbgFetched` for the open request that names them (dropped when
 *   aborted), errors worded as the page's reads word them.
 * A page's Content-Security-Policy must allow `blob:` in `worker-src`, and either `'unsafe-eval'`
 * or `blob:` in `script-src`: the script runs as a function's body where it may, and is imported
 * from a `blob:` URL where not (or the page sets `worker-url`).
 */
import { readUrl, type ReadProgress } from '../load/read-source.js';
import { FETCHED_GLOBAL, type FetchAbort, type FetchReply, type FetchRequest } from './fetch-protocol.js';
import { scriptUrl, unpackText } from './unpack-script.js';
import type { BootMessage } from './worker-scripts.js';

interface BootScope {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (e: MessageEvent) => void): void;
  dispatchEvent(e: Event): boolean;
}
const scope = globalThis as unknown as BootScope & Record<string, unknown>;

/** Progress events at most this often (and one at the end). */
const PROGRESS_EVERY_MS = 50;

const fetched = new Map<number, Uint8Array>();
scope[FETCHED_GLOBAL] = fetched;
const downloads = new Map<number, AbortController>();
/** Messages that arrived before the real script; null once it runs. */
let held: MessageEvent[] | null = [];

type ReplyBody = FetchReply extends infer R ? (R extends FetchReply ? Omit<R, 'fetchId'> : never) : never;

async function download({ fetchId, url }: FetchRequest): Promise<void> {
  const abort = new AbortController();
  downloads.set(fetchId, abort);
  // Only the latest download's bytes are kept: an earlier one was superseded.
  fetched.clear();
  const report = (m: ReplyBody) => scope.postMessage({ ...m, fetchId });
  let last = -Infinity;
  const onProgress = ({ loaded, total }: ReadProgress) => {
    if (performance.now() - last < PROGRESS_EVERY_MS) return;
    last = performance.now();
    report({ kind: 'tbg-fetch-progress', loaded, total });
  };
  try {
    const bytes = await readUrl(url, onProgress, abort.signal);
    if (abort.signal.aborted) return;
    report({ kind: 'tbg-fetch-progress', loaded: bytes.length, total: bytes.length });
    fetched.set(fetchId, bytes);
    report({ kind: 'tbg-fetched', loaded: bytes.length });
  } catch (error) {
    if (!abort.signal.aborted) report({ kind: 'tbg-fetch-failed', message: error instanceof Error ? error.message : String(error) });
  } finally {
    downloads.delete(fetchId);
  }
}

/**
 * Runs the worker's script. As a function's body where the page's Content-Security-Policy allows
 * it: that saves the Blob URL's load, a round trip through the browser process (30 ms before
 * every first picture here). Otherwise, and for a module, imported from a Blob URL.
 */
async function run({ packed, runAs, name }: BootMessage): Promise<void> {
  const text = await unpackText(packed);
  const body = runAs === 'script' ? compile(`${text}\n//# sourceURL=${name}`) : null;
  if (body) return body();
  const url = scriptUrl(text);
  // eslint-disable-next-line tbg/layers -- this worker's own script, unpacked from its first message, not a package
  await import(/* @vite-ignore */ url).finally(() => URL.revokeObjectURL(url));
}

/** Async functions' constructor: a top-level `await` in the script means what it means in a module. */
const AsyncFunction = (Object.getPrototypeOf(async () => {}) as { constructor: new (body: string) => () => Promise<void> }).constructor;

/**
 * The script as an async function (strict, as a module's code is), or null where the page's CSP
 * does not allow `unsafe-eval` (the browser reports that refusal, once per worker start).
 */
function compile(text: string): (() => Promise<void>) | null {
  try {
    return new AsyncFunction(`"use strict";${text}`);
  } catch (error) {
    if (error instanceof EvalError) return null;
    throw error;
  }
}

function boot(m: BootMessage): void {
  run(m).then(
    () => {
      const waiting = held ?? [];
      held = null;
      for (const m of waiting) scope.dispatchEvent(new MessageEvent('message', { data: m.data as unknown, ports: [...m.ports] }));
    },
    // As a worker error, which the page reports.
    (error: unknown) =>
      setTimeout(() => {
        throw error;
      }),
  );
}

scope.addEventListener('message', (e) => {
  const m = e.data as FetchRequest | FetchAbort | BootMessage | null;
  if (m?.kind === 'tbg-fetch' || m?.kind === 'tbg-fetch-abort') {
    e.stopImmediatePropagation();
    if (m.kind === 'tbg-fetch') void download(m);
    else {
      downloads.get(m.fetchId)?.abort();
      fetched.delete(m.fetchId);
    }
    return;
  }
  if (!held) return;
  e.stopImmediatePropagation();
  if (m?.kind === 'tbg-boot') boot(m);
  else held.push(e);
});
