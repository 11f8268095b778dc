/**
 * Turns one Summary.Value into a SummaryPoint the way TensorBoard's data_compat and
 * dataclass_compat do: legacy `simple_value`/`histo`/`image`/`audio` become their plugins'
 * tensor forms, the first metadata of each tag is remembered and applied to later values, and
 * tensors are decoded per plugin. Where TensorBoard's two backends disagree we follow Python
 * (e.g. legacy histograms drop empty edge buckets; RustBoard keeps them).
 */
import { tensorboard, tensorflow } from '@tbg/proto';
import { decodeTensor, elementCount, type TensorData } from './tensor.js';
import type { DataClass, SeriesMetadata, SummaryData } from './summary-data.js';

const DC = tensorflow.DataClass;
const DT = tensorflow.DataType;

/** Data class by plugin name (dataclass_compat). */
const PLUGIN_CLASS: Record<string, DataClass> = {
  scalars: 'scalar',
  histograms: 'tensor',
  text: 'tensor',
  hparams: 'tensor',
  pr_curves: 'tensor',
  mesh: 'tensor',
  custom_scalars: 'tensor',
  images: 'blob_sequence',
  audio: 'blob_sequence',
  graphs: 'blob_sequence',
  graph_keras_model: 'blob_sequence',
  graph_run_metadata: 'blob_sequence',
  graph_run_metadata_graph: 'blob_sequence',
  graph_tagged_run_metadata: 'blob_sequence',
};

function dataClassOf(dc: tensorflow.DataClass): DataClass {
  switch (dc) {
    case DC.DATA_CLASS_SCALAR:
      return 'scalar';
    case DC.DATA_CLASS_TENSOR:
      return 'tensor';
    case DC.DATA_CLASS_BLOB_SEQUENCE:
      return 'blob_sequence';
    default:
      return 'unknown';
  }
}

const EMPTY = new Uint8Array(0);
const textDecoder = new TextDecoder('utf-8');

/** The series metadata of a tag's first value (RustBoard's precedence rules). */
export function initialMetadata(value: tensorflow.Summary.Value): SeriesMetadata {
  const md = value.metadata;
  const display = md?.display_name ?? '';
  const description = md?.summary_description ?? '';
  // A primitive value decides its plugin, whatever metadata came with it.
  const primitive = value.value;
  if (primitive === 'simple_value') return { plugin: 'scalars', dataClass: 'scalar', displayName: display || value.tag, description, content: EMPTY };
  if (primitive === 'histo') return { plugin: 'histograms', dataClass: 'tensor', displayName: display || value.tag, description, content: EMPTY };
  if (primitive === 'image') return { plugin: 'images', dataClass: 'blob_sequence', displayName: display || value.tag, description, content: EMPTY };
  if (primitive === 'audio') return { plugin: 'audio', dataClass: 'blob_sequence', displayName: display || value.tag, description, content: EMPTY };
  const plugin = md?.plugin_data?.plugin_name ?? '';
  const explicit = md ? dataClassOf(md.data_class) : 'unknown';
  return {
    plugin,
    dataClass: explicit !== 'unknown' ? explicit : (PLUGIN_CLASS[plugin] ?? 'unknown'),
    displayName: display,
    description,
    content: md?.plugin_data?.content ?? EMPTY,
  };
}

/** Decodes a value's data given its series metadata; a value that cannot be decoded is `invalid`, never a throw. */
export function summaryData(value: tensorflow.Summary.Value, meta: SeriesMetadata): SummaryData {
  try {
    return decodeSummaryData(value, meta);
  } catch (err) {
    return { kind: 'invalid', reason: err instanceof Error ? err.message : String(err) };
  }
}

function decodeSummaryData(value: tensorflow.Summary.Value, meta: SeriesMetadata): SummaryData {
  switch (value.value) {
    case 'simple_value':
      return { kind: 'scalar', value: value.simple_value ?? 0 };
    case 'histo':
      return { kind: 'histogram', buckets: migrateHistogram(value.histo!) };
    case 'image': {
      const im = value.image!;
      return { kind: 'image', width: im.width, height: im.height, images: [im.encoded_image_string] };
    }
    case 'audio': {
      const a = value.audio!;
      return { kind: 'audio', clips: [{ audio: a.encoded_audio_string, label: '' }], sampleRate: a.sample_rate || null, contentType: a.content_type || 'audio/wav' };
    }
    case 'tensor':
      return tensorData(decodeTensor(value.tensor!), meta);
    case 'obsolete_old_style_histogram':
      return { kind: 'blob', blobs: [value.obsolete_old_style_histogram!] };
    default:
      // Metadata-only values: hparams carry everything in the plugin content.
      if (meta.plugin === 'hparams') return hparamsData(meta.content);
      return { kind: 'empty' };
  }
}

function tensorData(t: TensorData, meta: SeriesMetadata): SummaryData {
  switch (meta.plugin) {
    case 'scalars':
      if (t.numbers && t.numbers.length >= 1) return { kind: 'scalar', value: t.numbers[0]! };
      if (t.bools && t.bools.length >= 1) return { kind: 'scalar', value: t.bools[0] ? 1 : 0 };
      break;
    case 'histograms':
      if (t.numbers && t.shape.length === 2 && t.shape[1] === 3) return { kind: 'histogram', buckets: t.numbers };
      break;
    case 'images':
      if (t.strings && t.strings.length >= 2) {
        return { kind: 'image', width: asciiInt(t.strings[0]!), height: asciiInt(t.strings[1]!), images: t.strings.slice(2) };
      }
      break;
    case 'audio':
      if (t.strings) {
        // [n, 2] of (wav, label), or [n] after TensorBoard's projection.
        const pairs = t.shape.length === 2 && t.shape[1] === 2;
        const n = pairs ? t.shape[0]! : t.strings.length;
        const clips = Array.from({ length: n }, (_, i) => ({
          audio: pairs ? t.strings![2 * i]! : t.strings![i]!,
          label: pairs ? textDecoder.decode(t.strings![2 * i + 1]) : '',
        }));
        return { kind: 'audio', clips, sampleRate: null, contentType: audioContentType(meta.content) };
      }
      break;
    case 'text':
      if (t.strings) return { kind: 'text', shape: t.shape, strings: t.strings.map((s) => textDecoder.decode(s)) };
      break;
    case 'pr_curves':
      if (t.numbers && t.shape.length === 2 && t.shape[0] === 6) return { kind: 'pr_curve', thresholds: t.shape[1]!, values: t.numbers };
      break;
    case 'hparams':
      return hparamsData(meta.content);
    case 'graphs':
    case 'graph_keras_model':
    case 'graph_run_metadata':
    case 'graph_run_metadata_graph':
    case 'graph_tagged_run_metadata':
      if (t.strings) return { kind: 'blob', blobs: t.strings };
      break;
  }
  if (elementCount(t.shape) === 0 && !t.strings?.length && !t.numbers?.length) return { kind: 'empty' };
  return { kind: 'tensor', tensor: t };
}

function asciiInt(b: Uint8Array): number {
  const n = Number(textDecoder.decode(b));
  return Number.isFinite(n) ? n : 0;
}

function audioContentType(content: Uint8Array): string {
  if (!content.length) return 'audio/wav';
  try {
    const d = tensorboard.AudioPluginData.decode(content);
    const { WAV, UNKNOWN } = tensorboard.AudioPluginData.Encoding;
    return d.encoding === WAV || d.encoding === UNKNOWN ? 'audio/wav' : 'application/octet-stream';
  } catch {
    return 'audio/wav';
  }
}

function hparamsData(content: Uint8Array): SummaryData {
  const d = tensorboard.hparams.HParamsPluginData.decode(content);
  return { kind: 'hparams', experiment: d.experiment ?? null, sessionStart: d.session_start_info ?? null, sessionEnd: d.session_end_info ?? null };
}

/**
 * A legacy HistogramProto as [left, right, count] rows (Python data_compat since #5404): empty
 * buckets at both ends are dropped; the first left edge is `min`, the last right edge `max`;
 * values are float32, as TensorBoard stores them.
 */
export function migrateHistogram(h: tensorflow.HistogramProto): Float64Array {
  const counts = h.bucket;
  const limits = h.bucket_limit;
  const n = counts.length;
  let start = 0;
  while (start < n && !(counts[start]! > 0)) start++;
  let end = n - 1;
  while (end >= 0 && !(counts[end]! > 0)) end--;
  if (start > end) return new Float64Array(0);
  const k = end - start + 1;
  const out = new Float64Array(3 * k);
  for (let i = 0; i < k; i++) {
    const b = start + i;
    out[3 * i] = Math.fround(i === 0 ? h.min : (limits[b - 1] ?? h.min));
    out[3 * i + 1] = Math.fround(i === k - 1 ? h.max : (limits[b] ?? h.max));
    out[3 * i + 2] = Math.fround(counts[b]!);
  }
  return out;
}

export { DT };
