/**
 * One Event → its SummaryPoints. Summary values go through migration; `graph_def` and
 * `tagged_run_metadata` become blob series the way dataclass_compat makes them, so graphs and
 * run metadata are listed and sampled like any other tag.
 */
import { tensorflow } from '@tbg/proto';
import Long from 'long';
import { initialMetadata, summaryData } from './migrate.js';
import type { SeriesMetadata, SummaryPoint } from './summary-data.js';

/** TensorBoard's tag for a run's `Event.graph_def`. */
export const RUN_GRAPH_TAG = '__run_graph__';
/** Our tag for `Event.meta_graph_def` (TensorBoard's modern path drops these; we keep them). */
export const RUN_META_GRAPH_TAG = '__run_meta_graph__';

const EMPTY = new Uint8Array(0);
const GRAPH_META: SeriesMetadata = { plugin: 'graphs', dataClass: 'blob_sequence', displayName: '', description: '', content: EMPTY };
const META_GRAPH_META: SeriesMetadata = { plugin: 'meta_graph', dataClass: 'blob_sequence', displayName: '', description: '', content: EMPTY };
const TAGGED_META: SeriesMetadata = { plugin: 'graph_tagged_run_metadata', dataClass: 'blob_sequence', displayName: '', description: '', content: EMPTY };

/** Remembers the first metadata of each tag, as TensorBoard does (writers strip later ones). */
export class SeriesMetadataMemo {
  private readonly byTag = new Map<string, SeriesMetadata>();

  forValue(value: tensorflow.Summary.Value): SeriesMetadata {
    let m = this.byTag.get(value.tag);
    if (!m) {
      m = initialMetadata(value);
      this.byTag.set(value.tag, m);
    }
    return m;
  }

  get(tag: string): SeriesMetadata | undefined {
    return this.byTag.get(tag);
  }

  set(tag: string, m: SeriesMetadata): void {
    if (!this.byTag.has(tag)) this.byTag.set(tag, m);
  }
}

export function stepOf(e: tensorflow.Event): number {
  const s = e.step as unknown;
  return Long.isLong(s) ? s.toNumber() : Number(s ?? 0);
}

/** The name of an Event's `what` oneof, or `wall_time` for an event that has none. */
export type EventKind = NonNullable<tensorflow.Event['what']> | 'wall_time';

/** The name of the Event's `what` oneof, or `wall_time` for an event that has none. */
export function eventKind(e: tensorflow.Event): EventKind {
  return e.what ?? 'wall_time';
}

export function eventPoints(e: tensorflow.Event, memo: SeriesMetadataMemo): SummaryPoint[] {
  const step = stepOf(e);
  const wallTime = e.wall_time;
  switch (e.what) {
    case 'summary': {
      const out: SummaryPoint[] = [];
      for (const v of e.summary!.value) {
        const metadata = memo.forValue(v);
        out.push({ tag: v.tag, step, wallTime, metadata, data: summaryData(v, metadata) });
      }
      return out;
    }
    case 'graph_def':
      memo.set(RUN_GRAPH_TAG, GRAPH_META);
      return [{ tag: RUN_GRAPH_TAG, step, wallTime, metadata: GRAPH_META, data: { kind: 'blob', blobs: [e.graph_def!] } }];
    case 'meta_graph_def':
      memo.set(RUN_META_GRAPH_TAG, META_GRAPH_META);
      return [{ tag: RUN_META_GRAPH_TAG, step, wallTime, metadata: META_GRAPH_META, data: { kind: 'blob', blobs: [e.meta_graph_def!] } }];
    case 'tagged_run_metadata': {
      const t = e.tagged_run_metadata!;
      memo.set(t.tag, TAGGED_META);
      return [{ tag: t.tag, step, wallTime, metadata: memo.get(t.tag)!, data: { kind: 'blob', blobs: [t.run_metadata] } }];
    }
    default:
      return [];
  }
}
