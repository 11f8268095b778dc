/**
 * A Worker that exists before it is started: messages and listeners are kept until the worker
 * starts (after its boot message, worker-scripts.ts), then handed over in order. Lets a session
 * talk to a worker that starts later (ELK's, after the first picture).
 */
import type { WorkerScript } from './worker-scripts.js';

type Listener = (event: MessageEvent & ErrorEvent) => void;

export class DeferredWorker {
  private worker: Worker | null = null;
  private terminated = false;
  private readonly queued: Array<{ message: unknown; transfer: Transferable[] }> = [];
  private readonly listeners: Array<{ type: string; listener: Listener }> = [];

  constructor(script: Promise<WorkerScript>, options: WorkerOptions) {
    script.then(
      (s) => this.start(s, options),
      (error: unknown) => this.fail(error),
    );
  }

  private start(script: WorkerScript, options: WorkerOptions): void {
    if (this.terminated) return;
    const worker = new Worker(script.url, options);
    if (script.boot) worker.postMessage(script.boot);
    this.worker = worker;
    for (const { type, listener } of this.listeners) worker.addEventListener(type, listener as EventListener);
    for (const { message, transfer } of this.queued.splice(0)) worker.postMessage(message, transfer);
  }

  /** A script that could not be prepared is reported as the worker's error. */
  private fail(error: unknown): void {
    const event = new ErrorEvent('error', { message: error instanceof Error ? error.message : String(error) });
    for (const { type, listener } of this.listeners) if (type === 'error') listener(event as MessageEvent & ErrorEvent);
  }

  postMessage(message: unknown, transfer: Transferable[] = []): void {
    if (this.worker) this.worker.postMessage(message, transfer);
    else if (!this.terminated) this.queued.push({ message, transfer });
  }

  addEventListener(type: 'message' | 'messageerror' | 'error', listener: (event: never) => void): void {
    this.listeners.push({ type, listener: listener as Listener });
    this.worker?.addEventListener(type, listener as EventListener);
  }

  terminate(): void {
    this.terminated = true;
    this.queued.length = 0;
    this.worker?.terminate();
  }
}
