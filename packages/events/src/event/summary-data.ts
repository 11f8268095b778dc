/** Plugin-level values, in TensorBoard's modern form, whatever form the writer used. */
import type { tensorboard, tensorflow } from '@tbg/proto';
import type { TensorData } from './tensor.js';

export type DataClass = 'unknown' | 'scalar' | 'tensor' | 'blob_sequence';

export type SummaryData =
  | { kind: 'scalar'; value: number }
  /** Rows of [left, right, count], flattened: length 3k. */
  | { kind: 'histogram'; buckets: Float64Array }
  | { kind: 'image'; width: number; height: number; images: Uint8Array[] }
  | { kind: 'audio'; clips: Array<{ audio: Uint8Array; label: string }>; sampleRate: number | null; contentType: string }
  | { kind: 'text'; shape: number[]; strings: string[] }
  /** Rows TP, FP, TN, FN, precision, recall; each `thresholds` long. */
  | { kind: 'pr_curve'; thresholds: number; values: Float64Array }
  | {
      kind: 'hparams';
      experiment: tensorboard.hparams.Experiment | null;
      sessionStart: tensorboard.hparams.SessionStartInfo | null;
      sessionEnd: tensorboard.hparams.SessionEndInfo | null;
    }
  /** Serialized protos or JSON (graphs, run metadata, Keras models). */
  | { kind: 'blob'; blobs: Uint8Array[] }
  | { kind: 'tensor'; tensor: TensorData }
  /** A value with no data (e.g. an unknown plugin's metadata-only value). */
  | { kind: 'empty' }
  /**
   * An intact record whose value cannot be decoded (malformed plugin content, a tensor whose
   * shape claims more elements than can be filled): the rest of the event is kept.
   */
  | { kind: 'invalid'; reason: string };

/** The metadata a time series keeps from its first value (later values often omit it). */
export interface SeriesMetadata {
  plugin: string;
  dataClass: DataClass;
  displayName: string;
  description: string;
  /** `plugin_data.content`, the plugin's own small proto. */
  content: Uint8Array;
}

export interface SummaryPoint {
  tag: string;
  step: number;
  wallTime: number;
  metadata: SeriesMetadata;
  data: SummaryData;
}

export type { tensorflow };
