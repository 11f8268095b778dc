/**
 * A Worker that exists before its script URL does: messages and listeners are kept until the
 * worker starts, then handed over in order. Lets a session talk to its view worker at once while
 * the script is still being prepared (worker-scripts.ts).
 */
type Listener = (event: MessageEvent & ErrorEvent) => void;

export class DeferredWorker {
  private worker: Worker | null = null;
  private terminated = false;
  private readonly queued: Array<{ message: unknown; transfer: Transferable[] }> = [];
  private readonly listeners: Array<{ type: string; listener: Listener }> = [];

  constructor(url: Promise<string>, options: WorkerOptions) {
    url.then(
      (u) => this.start(new Worker(u, options)),
      (error: unknown) => this.fail(error),
    );
  }

  private start(worker: Worker): void {
    if (this.terminated) return void worker.terminate();
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
