/**
 * One run of the example logdir: a SummaryWriter into memory with a clock the example sets, saved
 * under a fixed file name, so the bytes depend on nothing but the example's options.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eventFileName, MemorySink, SummaryWriter } from '@tbg/events';

const HOST = 'tbg-example';

export class RunWriter {
  readonly sink = new MemorySink();
  readonly writer: SummaryWriter;
  /** The wall time (seconds) of the next events. */
  now: number;

  constructor(
    /** The run's path under the logdir (`train`, `hparams/trial-0`). */
    readonly name: string,
    readonly startTime: number,
  ) {
    this.now = startTime;
    // Everything stays queued until close: no timer, and the bytes do not depend on timing.
    this.writer = new SummaryWriter(this.sink, { maxQueue: Number.MAX_SAFE_INTEGER, flushMillis: Infinity, wallTime: () => this.now });
  }
}

/** Closes the writer and writes `dir/<run>/events.out.tfevents.<start>.tbg-example.1.<uid>.v2`. */
export function saveRun(dir: string, w: RunWriter, uid: number): string {
  w.writer.close();
  const runDir = join(dir, w.name);
  mkdirSync(runDir, { recursive: true });
  const file = join(runDir, eventFileName({ timeSecs: w.startTime, host: HOST, pid: 1, uid }));
  writeFileSync(file, w.sink.bytes());
  return file;
}
