/**
 * The URLs of the element's worker scripts. Their code is inlined in this module and turned
 * into Blob URLs, so that a page needs to serve nothing else; a page whose Content-Security-
 * Policy forbids `worker-src blob:` sets `worker-url` to where `view-worker.js`, `elk-worker.js`
 * and `render-worker.js` (shipped in `dist/workers/`) are served instead.
 */
import viewWorkerSource from 'inline-worker:./view-worker-entry.ts';
import renderWorkerSource from 'inline-worker:./render-worker-entry.ts';
import elkWorkerSource from 'inline-worker:./elk-worker-entry.ts';

export type WorkerRole = 'view' | 'elk' | 'render';

const SOURCES: Record<WorkerRole, string> = { view: viewWorkerSource, elk: elkWorkerSource, render: renderWorkerSource };

/**
 * Turning a script string into Blob bytes runs at ~25 MB/s in the Chromium measured here: the
 * 1.5 MB ELK script at once was a 70 ms task on the page. A piece per task keeps each short.
 */
const PIECE = 192 * 1024;

/** One Blob URL per script for the page's lifetime: every element shares it. */
const blobUrls = new Map<WorkerRole, Promise<string>>();
/** Scripts are converted one after another, in the order first asked for. */
let queue: Promise<unknown> = Promise.resolve();

function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

async function blobOf(source: string): Promise<Blob> {
  const pieces: Blob[] = [];
  for (let i = 0; i < source.length; i += PIECE) {
    pieces.push(new Blob([source.slice(i, i + PIECE)]));
    await nextTask();
  }
  return new Blob(pieces, { type: 'text/javascript' });
}

function blobUrl(role: WorkerRole): Promise<string> {
  let url = blobUrls.get(role);
  if (!url) {
    url = queue.then(() => blobOf(SOURCES[role])).then((b) => URL.createObjectURL(b));
    queue = url.catch(() => undefined);
    blobUrls.set(role, url);
  }
  return url;
}

/** The script URL of a worker: inlined by default, or under `workerUrl` (a directory URL). */
export function workerScriptUrl(role: WorkerRole, workerUrl?: string | null): Promise<string> {
  if (!workerUrl) return blobUrl(role);
  return Promise.resolve(new URL(`${role}-worker.js`, new URL(workerUrl.endsWith('/') ? workerUrl : `${workerUrl}/`, document.baseURI)).href);
}
