/**
 * The URLs of the element's worker scripts. Their code is inlined in this module and turned
 * into Blob URLs, so that a page needs to serve nothing else; a page whose Content-Security-
 * Policy forbids `worker-src blob:` sets `worker-url` to where `view-worker.js`, `elk-worker.js`
 * and `render-worker.js` (shipped in `dist/workers/`) are served instead.
 */
import viewWorkerPacked from 'inline-worker:./view-worker-entry.ts';
import renderWorkerPacked from 'inline-worker:./render-worker-entry.ts';
import elkWorkerPacked from 'inline-worker:./elk-worker-entry.ts';

export type WorkerRole = 'view' | 'elk' | 'render';

/** Each script, deflated and in base64 (tsup.config.ts). */
const PACKED: Record<WorkerRole, string> = { view: viewWorkerPacked, elk: elkWorkerPacked, render: renderWorkerPacked };

/** One Blob URL per script for the page's lifetime: every element shares it. */
const blobUrls = new Map<WorkerRole, Promise<string>>();
/** Scripts are unpacked one after another, in the order first asked for. */
let queue: Promise<unknown> = Promise.resolve();

/** base64 → bytes: natively where the browser has it (Chromium 140+, Firefox 133+, Safari 18.2+). */
function fromBase64(text: string): Uint8Array {
  const native = (Uint8Array as unknown as { fromBase64?: (s: string) => Uint8Array }).fromBase64;
  if (native) return native(text);
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The script as a Blob: inflated by the browser's DecompressionStream, never a JS string. */
function blobOf(packed: string): Promise<Blob> {
  const script = new Blob([fromBase64(packed) as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
  return new Response(script, { headers: { 'content-type': 'text/javascript' } }).blob();
}

function blobUrl(role: WorkerRole): Promise<string> {
  let url = blobUrls.get(role);
  if (!url) {
    url = queue.then(() => blobOf(PACKED[role])).then((b) => URL.createObjectURL(b));
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
