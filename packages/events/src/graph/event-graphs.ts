/**
 * Graphs in event files, for @tbg/proto's loadGraph: every `graph_def`, `meta_graph_def`,
 * run-metadata and Keras-model entry is listed, and the last `graph_def` is chosen by default,
 * as TensorBoard does ("last graph wins"). Unlike TensorBoard's modern data path, a file that
 * only has a `meta_graph_def` still shows its graph.
 */
import {
  GraphFormatError,
  loadColumnarGraph,
  loadGraph,
  type EventGraphSelection,
  type EventGraphTag,
  type LoadedColumnarGraph,
  type LoadedGraph,
  type LoadGraphOptions,
} from '@tbg/proto';
import { readEventsSync } from '../read-events.js';
import { RUN_GRAPH_TAG, RUN_META_GRAPH_TAG, SeriesMetadataMemo, stepOf } from '../event/event-points.js';

type Kind = EventGraphTag['kind'];

/** A graph-bearing entry of an event file, with its payload (serialized proto or JSON bytes). */
export interface EventGraphEntry extends EventGraphTag {
  payload: Uint8Array;
}
type Entry = EventGraphEntry;

const PLUGIN_KIND: Record<string, Kind> = {
  graph_run_metadata: 'run_metadata',
  graph_run_metadata_graph: 'run_metadata_graph',
  graph_keras_model: 'keras_model',
};

/** Lists every graph-bearing entry of an event file, in file order. */
export function listEventGraphs(bytes: Uint8Array, options: { name?: string } = {}): { entries: Entry[]; warnings: string[] } {
  const warnings: string[] = [];
  const { records, state } = readEventsSync(bytes, { file: options.name });
  for (const err of state.errors) warnings.push(err.message);
  if (state.truncatedBytes) warnings.push(`the file ends with ${state.truncatedBytes} bytes of an incomplete record (still being written?)`);
  const memo = new SeriesMetadataMemo();
  const entries: Entry[] = [];
  const skipped = new Set<string>();
  for (const { event: e, offset } of records) {
    const step = stepOf(e);
    switch (e.what) {
      case 'graph_def':
        entries.push({ tag: RUN_GRAPH_TAG, kind: 'graph_def', step, offset, payload: e.graph_def! });
        break;
      case 'meta_graph_def':
        entries.push({ tag: RUN_META_GRAPH_TAG, kind: 'meta_graph_def', step, offset, payload: e.meta_graph_def! });
        break;
      case 'tagged_run_metadata':
        entries.push({ tag: e.tagged_run_metadata!.tag, kind: 'tagged_run_metadata', step, offset, payload: e.tagged_run_metadata!.run_metadata });
        break;
      case 'summary':
        for (const v of e.summary!.value) {
          const md = memo.forValue(v);
          const kind = PLUGIN_KIND[md.plugin];
          if (!kind) continue;
          // TensorBoard only accepts version "1" of these blobs.
          if (md.content.length !== 1 || md.content[0] !== 0x31) {
            if (!skipped.has(v.tag)) warnings.push(`ignoring tag "${v.tag}": unrecognised version of ${md.plugin}`);
            skipped.add(v.tag);
            continue;
          }
          const payload = v.tensor?.string_val[0] ?? new Uint8Array(0);
          entries.push({ tag: v.tag, kind, step, offset, payload });
        }
        break;
    }
  }
  return { entries, warnings };
}

const PAYLOAD: Record<Kind, EventGraphSelection['payloadKind']> = {
  graph_def: 'graph_def',
  meta_graph_def: 'meta_graph_def',
  run_metadata: 'run_metadata',
  run_metadata_graph: 'run_metadata',
  tagged_run_metadata: 'run_metadata',
  keras_model: 'keras_model',
};

/** The EventGraphReader that @tbg/proto's loadGraph accepts. */
export function eventGraphReader(bytes: Uint8Array, options: { name?: string; tag?: string }): EventGraphSelection {
  const { entries, warnings } = listEventGraphs(bytes, options);
  const tags: EventGraphTag[] = entries.map(({ payload: _p, ...t }) => t);
  const last = (pred: (e: Entry) => boolean) => {
    for (let i = entries.length - 1; i >= 0; i--) if (pred(entries[i]!)) return entries[i]!;
    return undefined;
  };
  let chosen: Entry | undefined;
  if (options.tag !== undefined) {
    chosen = last((e) => e.tag === options.tag);
    if (!chosen) {
      throw new GraphFormatError({
        format: 'event file',
        file: options.name,
        reason: `no graph or run metadata with tag "${options.tag}" (tags: ${[...new Set(tags.map((t) => t.tag))].join(', ') || 'none'})`,
      });
    }
  } else {
    chosen =
      last((e) => e.kind === 'graph_def') ??
      last((e) => e.kind === 'meta_graph_def') ??
      last((e) => (e.kind === 'run_metadata_graph' || e.kind === 'run_metadata' || e.kind === 'tagged_run_metadata') && e.payload.length > 0) ??
      last((e) => e.kind === 'keras_model');
    if (!chosen) {
      throw new GraphFormatError({
        format: 'event file',
        file: options.name,
        reason: entries.length ? `the graph entries of this file are all empty (tags: ${tags.map((t) => t.tag).join(', ')})` : 'this event file holds no graph',
      });
    }
    const sameKind = entries.filter((e) => e.kind === chosen!.kind && e.tag === chosen!.tag).length;
    if (sameKind > 1) warnings.push(`${sameKind} ${chosen.kind} entries; showing the last (step ${chosen.step}, byte offset ${chosen.offset}), as TensorBoard does`);
    if (chosen.kind === 'meta_graph_def') warnings.push('no graph_def event: using the graph of the last meta_graph_def event');
  }
  if (chosen.payload.length === 0) warnings.push(`the entry "${chosen.tag}" is empty`);
  return { payload: chosen.payload, payloadKind: PAYLOAD[chosen.kind], tag: chosen.tag, tags, warnings };
}

/** `loadGraph` for event files (and anything else loadGraph takes). */
export function loadGraphFromEvents(bytes: Uint8Array, options: LoadGraphOptions = {}): LoadedGraph {
  return loadGraph(bytes, { ...options, eventReader: options.eventReader ?? eventGraphReader });
}

export function loadColumnarGraphFromEvents(bytes: Uint8Array, options: LoadGraphOptions = {}): LoadedColumnarGraph {
  return loadColumnarGraph(bytes, { ...options, eventReader: options.eventReader ?? eventGraphReader });
}
