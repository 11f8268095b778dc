/**
 * Test support (not exported from the package): reading the shared graph fixtures, and a minimal
 * event-file reader so that the event-file fixtures of GRAPH_FIXTURES load without @tbg/events
 * (which depends on this package). The reader frames TFRecords and picks the last graph_def
 * event, else the last meta_graph_def event, as @tbg/events does by default. It deliberately
 * does not check the data CRC, so that fuzzed payload bytes reach loadGraph's own validation.
 */
import { readFileSync } from 'node:fs';
import { fixturePath } from '@tbg/testkit';
import { tensorflow } from '../gen/tf.js';
import { GraphFormatError } from '../errors.js';
import type { EventGraphReader, EventGraphSelection, EventGraphTag, LoadGraphOptions } from '../load/load-graph.js';

export function readFixture(dir: string, file: string): Uint8Array {
  return new Uint8Array(readFileSync(fixturePath(dir, file)));
}

/** loadGraph options for a fixture: its name (for errors and sniffing ties) and the event reader. */
export function fixtureOptions(file: string, extra: LoadGraphOptions = {}): LoadGraphOptions {
  return { name: file, eventReader: testEventReader, ...extra };
}

export const testEventReader: EventGraphReader = (bytes, options) => {
  const fail = (reason: string, offset?: number): never => {
    throw new GraphFormatError({ format: 'event file', reason, offset, file: options.name });
  };
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const warnings: string[] = [];
  const entries: Array<EventGraphTag & { payload: Uint8Array }> = [];
  let at = 0;
  while (at < bytes.length) {
    if (bytes.length - at < 12) {
      warnings.push(`${bytes.length - at} trailing bytes`);
      break;
    }
    const len = view.getBigUint64(at, true);
    if (len > BigInt(bytes.length - at - 16)) {
      warnings.push(`a record at byte ${at} runs past the end`);
      break;
    }
    const data = bytes.subarray(at + 12, at + 12 + Number(len));
    let event: tensorflow.Event;
    try {
      event = tensorflow.Event.decode(data);
    } catch (e) {
      warnings.push(`bad event at byte ${at}: ${String(e)}`);
      at += 16 + Number(len);
      continue;
    }
    const step = Number(event.step);
    if (event.what === 'graph_def') entries.push({ tag: '__run_graph__', kind: 'graph_def', step, offset: at, payload: event.graph_def! });
    if (event.what === 'meta_graph_def') entries.push({ tag: '__run_meta_graph__', kind: 'meta_graph_def', step, offset: at, payload: event.meta_graph_def! });
    at += 16 + Number(len);
  }
  const wanted = options.tag;
  const pick = (kind: EventGraphTag['kind']) => entries.filter((e) => e.kind === kind && (wanted === undefined || e.tag === wanted)).pop();
  const chosen = pick('graph_def') ?? pick('meta_graph_def') ?? fail(wanted === undefined ? 'this event file holds no graph' : `no graph with tag "${wanted}"`);
  const tags = entries.map(({ payload: _payload, ...t }) => t);
  const sel: EventGraphSelection = { payload: chosen.payload, payloadKind: chosen.kind as 'graph_def' | 'meta_graph_def', tag: chosen.tag, tags, warnings };
  return sel;
};
