/**
 * Small synthetic event files for the logdir tests (and benchmarks): framed records built with
 * `encodeRecord` from `tensorflow.Event` protos. Not part of the public API.
 */
import { tensorflow } from '@tbg/proto';
import Long from 'long';
import { encodeRecord } from '../record/frame.js';

export type EventInit = tensorflow.Event.$Properties;

export function fileVersionEvent(version = 'brain.Event:2', wallTime = 1): EventInit {
  return { wall_time: wallTime, file_version: version };
}

/** One summary event with a simple_value per tag. */
export function scalarsEvent(step: number, values: Record<string, number>, wallTime = 1000 + step): EventInit {
  return {
    wall_time: wallTime,
    step: Long.fromNumber(step),
    summary: { value: Object.entries(values).map(([tag, v]) => ({ tag, simple_value: v })) },
  };
}

export function sessionLogEvent(step: number, status: tensorflow.SessionLog.SessionStatus, wallTime = 1000 + step): EventInit {
  return { wall_time: wallTime, step: Long.fromNumber(step), session_log: { status, msg: '', checkpoint_path: '' } };
}

export function logMessageEvent(step: number, message: string, level = tensorflow.LogMessage.Level.INFO): EventInit {
  return { wall_time: 1000 + step, step: Long.fromNumber(step), log_message: { level, message } };
}

export function graphEvent(step: number, graph: Uint8Array): EventInit {
  return { wall_time: 1000 + step, step: Long.fromNumber(step), graph_def: graph };
}

/** One framed record per event, concatenated. */
export function eventFileBytes(events: EventInit[]): Uint8Array {
  const parts = events.map((e) => encodeRecord(tensorflow.Event.encode(new tensorflow.Event(e)).finish()));
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
