/**
 * How the element's workers get their code. The scripts are inlined in this module, deflated and
 * in base64, so that a page needs to serve nothing else. Each worker starts from a small boot
 * script (boot-worker.ts, a Blob URL made once) and is sent its packed script as its first
 * message: it turns base64 into bytes, inflates them and runs the result itself (as a function's
 * body where the page's CSP allows eval, else imported from a Blob URL), so the page's thread
 * does none of that (up to 80 ms per load here). Messages that arrive meanwhile wait, in order.
 * A page whose Content-Security-Policy forbids `blob:` in `worker-src`, or both `blob:` in
 * `script-src` and `'unsafe-eval'` (README), sets `worker-url` to where `view-worker.js`,
 * `elk-worker.js` and `render-worker.js` (shipped in `dist/workers/`) are served instead.
 */
import viewWorkerScript from 'inline-worker:./view-worker-entry.ts';
import renderWorkerScript from 'inline-worker:./render-worker-entry.ts';
import elkWorkerScript from 'inline-worker:./elk-worker-entry.ts';
import bootSource from 'inline-script:./boot-worker.ts';
import { unpackScript } from './unpack-script.js';

export type WorkerRole = 'view' | 'elk' | 'render';

/** A worker's script as the build inlines it (tsup.config.ts). */
export interface PackedScript {
  /** Its UTF-8 bytes, deflate-raw, in base64. */
  packed: string;
  /**
   * `script`: its code has no import or export, so the worker may run it as a function's body,
   * without loading it from a Blob URL first (see boot-worker.ts). `module`: it is imported (the
   * renderer's script, whose exports the page's thread imports where it draws itself).
   */
  runAs: 'script' | 'module';
  /** The script's file name, for debuggers (`sourceURL`). */
  name: string;
}

const PACKED: Record<WorkerRole, PackedScript> = { view: viewWorkerScript, elk: elkWorkerScript, render: renderWorkerScript };

/** The first message to a booting worker: the script it is to run. */
export interface BootMessage extends PackedScript {
  kind: 'tbg-boot';
}

/** Where a worker's script is, and the boot message it needs first (null for served scripts). */
export interface WorkerScript {
  url: string;
  boot: BootMessage | null;
}

let bootUrl: string | null = null;

/** How to start a worker: the boot script and its packed script by default, or a served script under `workerUrl` (a directory URL). */
export function workerScript(role: WorkerRole, workerUrl?: string | null): WorkerScript {
  if (workerUrl) return { url: servedUrl(role, workerUrl), boot: null };
  bootUrl ??= URL.createObjectURL(new Blob([bootSource], { type: 'text/javascript' }));
  return { url: bootUrl, boot: { kind: 'tbg-boot', ...PACKED[role] } };
}

function servedUrl(role: WorkerRole, workerUrl: string): string {
  return new URL(`${role}-worker.js`, new URL(workerUrl.endsWith('/') ? workerUrl : `${workerUrl}/`, document.baseURI)).href;
}

/**
 * A script's module URL for this thread (the renderer on the page's thread, where no worker can
 * unpack it): inflated here by the browser's DecompressionStream into a Blob URL, once per page.
 */
let renderModuleUrl: Promise<string> | null = null;
export function moduleUrl(role: 'render', workerUrl?: string | null): Promise<string> {
  if (workerUrl) return Promise.resolve(servedUrl(role, workerUrl));
  renderModuleUrl ??= unpackScript(PACKED[role].packed);
  return renderModuleUrl;
}
