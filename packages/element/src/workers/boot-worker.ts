/**
 * The boot script every inlined worker starts from (worker-scripts.ts), bundled on its own at
 * build time and inlined as source text. It
 * - unpacks the worker's real script from the first message (`tbg-boot`) and imports it;
 * - holds every other message until then, and dispatches them again, in order, to the listeners
 *   that script added;
 * - downloads graph URLs at once, whatever the state of the import (fetch-protocol.ts), with the
 *   page's own `readUrl`: progress at most every 50 ms and at the end, the bytes of the latest
 *   download kept in `self.tbgFetched` for the open request that names them (dropped when
 *   aborted), errors worded as the page's reads word them.
 * The import of a `blob:` URL is a script load: a page's Content-Security-Policy must allow
 * `blob:` in `script-src` as well as in `worker-src` (or the page sets `worker-url`).
 */
import { readUrl, type ReadProgress } from '../load/read-source.js';
import { FETCHED_GLOBAL, type FetchAbort, type FetchReply, type FetchRequest } from './fetch-protocol.js';
import { unpackScript } from './unpack-script.js';
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

function boot(packed: string): void {
  unpackScript(packed)
    // eslint-disable-next-line tbg/layers -- this worker's own script, unpacked from its first message, not a package
    .then((url) => import(/* @vite-ignore */ url).finally(() => URL.revokeObjectURL(url)))
    .then(
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
  if (m?.kind === 'tbg-boot') boot(m.packed);
  else held.push(e);
});
