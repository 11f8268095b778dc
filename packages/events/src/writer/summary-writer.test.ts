import { afterEach, describe, expect, it, vi } from 'vitest';
import { decode as decodePngBytes } from 'fast-png';
import { tensorboard, tensorflow } from '@tbg/proto';
import { EventsUsageError } from '../errors.js';
import { createMemoryWriter, MemorySink } from './memory-sink.js';
import { encodePng } from './png.js';
import { SummaryWriter, type RecordSink } from './summary-writer.js';
import { decodeEvents, onlyValue, shapeOf, text, unframe } from './test-util.js';

const DC = tensorflow.DataClass;
const DT = tensorflow.DataType;
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

/** Writes with a fixed clock so wall times are predictable. */
function memWriter(opts: ConstructorParameters<typeof SummaryWriter>[1] = {}) {
  return createMemoryWriter({ wallTime: () => 1000.5, ...opts });
}

/** Events after the file_version record. */
function written(sink: MemorySink): tensorflow.Event[] {
  return decodeEvents(sink.bytes()).slice(1);
}

function f64s(bytes: Uint8Array): number[] {
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return Array.from({ length: bytes.length / 8 }, (_, i) => v.getFloat64(i * 8, true));
}

/** A sink that records each call. */
class SpySink implements RecordSink {
  writes: Uint8Array[] = [];
  flushes = 0;
  closes = 0;
  write(bytes: Uint8Array) {
    this.writes.push(bytes.slice());
  }
  flush() {
    this.flushes++;
  }
  close() {
    this.closes++;
  }
  records() {
    return this.writes.map((w) => unframe(w).length);
  }
}

afterEach(() => {
  vi.useRealTimers();
});

describe('first record', () => {
  it('is Event{wall_time, file_version:"brain.Event:2"}, written and flushed at construction', () => {
    const sink = new SpySink();
    new SummaryWriter(sink, { wallTime: () => 1234.25 }).close();
    expect(sink.writes.length).toBe(1);
    expect(sink.flushes).toBeGreaterThanOrEqual(1);
    const [ev] = decodeEvents(sink.writes[0]!);
    expect(ev!.wall_time).toBe(1234.25);
    expect(ev!.what).toBe('file_version');
    expect(ev!.file_version).toBe('brain.Event:2');
    expect(Number(ev!.step)).toBe(0);
  });

  it('matches the byte-level test vector of events.md §1.1', () => {
    // wall_time bytes 00 00 80 38 99 d6 d7 41 → header 18 00.. a3 7f 4b 22, data CRC 12 4b 36 ab.
    const wall = new DataView(Uint8Array.from([0x00, 0x00, 0x80, 0x38, 0x99, 0xd6, 0xd7, 0x41]).buffer).getFloat64(0, true);
    const { sink } = createMemoryWriter({ wallTime: () => wall });
    const bytes = sink.bytes();
    expect(hex(bytes)).toBe(
      '1800000000000000' + 'a37f4b22' + '09' + '00008038' + '99d6d741' + '1a0d' + hex(new TextEncoder().encode('brain.Event:2')) + '124b36ab',
    );
  });
});

describe('summary kinds', () => {
  it('scalar: rank-0 DT_FLOAT in tensor_content, scalars metadata on the first value only', () => {
    const { writer, sink } = memWriter();
    writer.scalar('loss', 0.99, 77, { description: 'the **loss**' });
    writer.scalar('loss', -2.5, 78, { description: 'ignored later' });
    writer.scalar('acc', 0.5, 2n ** 40n, { wallTime: 42 });
    writer.close();
    const [a, b, c] = written(sink);
    expect(Number(a!.step)).toBe(77);
    expect(a!.wall_time).toBe(1000.5);
    const v = onlyValue(a!);
    expect(v.tag).toBe('loss');
    expect(v.tensor!.dtype).toBe(DT.DT_FLOAT);
    expect(shapeOf(v.tensor)).toEqual([]);
    expect(v.tensor!.tensor_shape).not.toBeNull(); // present but empty, like TF
    expect(v.tensor!.float_val).toEqual([]);
    expect(hex(v.tensor!.tensor_content)).toBe('a4707d3f'); // 0.99f LE
    expect(v.metadata!.plugin_data!.plugin_name).toBe('scalars');
    expect(v.metadata!.plugin_data!.content.length).toBe(0);
    expect(v.metadata!.data_class).toBe(DC.DATA_CLASS_SCALAR);
    expect(v.metadata!.summary_description).toBe('the **loss**');
    expect(v.metadata!.display_name).toBe('');
    const v2 = onlyValue(b!);
    expect(v2.metadata).toBeNull();
    expect(new DataView(v2.tensor!.tensor_content.buffer, v2.tensor!.tensor_content.byteOffset).getFloat32(0, true)).toBe(-2.5);
    expect(c!.step.toString()).toBe(String(2n ** 40n));
    expect(c!.wall_time).toBe(42);
    expect(onlyValue(c!).metadata!.plugin_data!.plugin_name).toBe('scalars');
  });

  it('histogram: DT_DOUBLE [k,3] with TF2 bucketing, histograms/TENSOR', () => {
    const { writer, sink } = memWriter();
    writer.histogram('w', [1, 2, 3, 4], 3, { buckets: 2, description: 'weights' });
    writer.histogram('w', [], 4, { buckets: 3 });
    writer.histogram('c', new Float32Array([7, 7]), 5);
    writer.close();
    const [a, b, c] = written(sink);
    const v = onlyValue(a!);
    expect(v.tensor!.dtype).toBe(DT.DT_DOUBLE);
    expect(shapeOf(v.tensor)).toEqual([2, 3]);
    expect(f64s(v.tensor!.tensor_content)).toEqual([1, 2.5, 2, 2.5, 4, 2]);
    expect(v.metadata!.plugin_data!.plugin_name).toBe('histograms');
    expect(v.metadata!.data_class).toBe(DC.DATA_CLASS_TENSOR);
    expect(v.metadata!.summary_description).toBe('weights');
    const vb = onlyValue(b!);
    expect(shapeOf(vb.tensor)).toEqual([3, 3]);
    expect(f64s(vb.tensor!.tensor_content)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(vb.metadata).toBeNull();
    const vc = onlyValue(c!);
    expect(shapeOf(vc.tensor)).toEqual([30, 3]);
    const rows = f64s(vc.tensor!.tensor_content);
    expect(rows.slice(-3)).toEqual([7, 7, 2]);
    expect(rows.slice(0, 3)).toEqual([7, 7, 0]);
  });

  it('image: DT_STRING [2+n] = [width, height, png...], first maxOutputs only, images/BLOB_SEQUENCE', () => {
    const { writer, sink } = memWriter();
    const rgb = (seed: number) => ({ width: 3, height: 2, channels: 3 as const, data: Uint8Array.from({ length: 18 }, (_, i) => (i * seed) % 256) });
    const imgs = [rgb(1), rgb(2), rgb(3), rgb(4)];
    writer.image('samples', imgs, 1, { description: 'inputs' });
    writer.image('one', { width: 1, height: 1, channels: 1, data: new Float32Array([0.5]) }, 2);
    writer.image('few', imgs, 3, { maxOutputs: 1 });
    writer.close();
    const [a, b, c] = written(sink);
    const v = onlyValue(a!);
    expect(v.tensor!.dtype).toBe(DT.DT_STRING);
    expect(shapeOf(v.tensor)).toEqual([5]);
    const sv = v.tensor!.string_val;
    expect(text(sv[0]!)).toBe('3');
    expect(text(sv[1]!)).toBe('2');
    for (let i = 0; i < 3; i++) {
      const png = decodePngBytes(sv[2 + i]!);
      expect([png.width, png.height, png.channels]).toEqual([3, 2, 3]);
      expect(Array.from(png.data)).toEqual(Array.from(imgs[i]!.data));
    }
    expect(v.metadata!.plugin_data!.plugin_name).toBe('images');
    expect(v.metadata!.plugin_data!.content.length).toBe(0);
    expect(v.metadata!.data_class).toBe(DC.DATA_CLASS_BLOB_SEQUENCE);
    expect(v.metadata!.summary_description).toBe('inputs');
    const one = onlyValue(b!).tensor!;
    expect(shapeOf(one)).toEqual([3]);
    expect(Array.from(decodePngBytes(one.string_val[2]!).data)).toEqual([127]);
    expect(shapeOf(onlyValue(c!).tensor)).toEqual([3]);
  });

  it('image: PNG bytes pass through unchanged with their IHDR size; mixed sizes are rejected', () => {
    const { writer, sink } = memWriter();
    const png = encodePng({ width: 4, height: 5, channels: 4, data: new Uint8Array(80).fill(9) });
    writer.image('p', [png, png], 1);
    expect(() => writer.image('bad', [png, { width: 5, height: 4, channels: 1, data: new Uint8Array(20) }], 1)).toThrow(/same size/);
    expect(() => writer.image('bad', new Uint8Array([1, 2, 3]), 1)).toThrow(/PNG bytes/);
    expect(() => writer.image('bad', [], 1)).toThrow(/at least one/);
    expect(() => writer.image('bad', png, 1, { maxOutputs: -1 })).toThrow(RangeError);
    writer.close();
    const evs = written(sink);
    expect(evs.length).toBe(1);
    const t = onlyValue(evs[0]!).tensor!;
    expect(t.string_val.map((s, i) => (i < 2 ? text(s) : hex(s)))).toEqual(['4', '5', hex(png), hex(png)]);
  });

  it('audio: DT_STRING [n,2] of [wav, label], AudioPluginData{WAV}, BLOB_SEQUENCE', () => {
    const { writer, sink } = memWriter();
    writer.audio('speech', [new Float32Array([0, 0.5]), [1, -1, 0], { channels: [new Float32Array([0.25]), new Float32Array([-0.25])] }], 8000, 1, {
      labels: ['a', '*b*', 'c'],
      maxOutputs: 2,
      description: 'clips',
    });
    writer.audio('mono', [0.5, -0.5], 22050, 2);
    writer.audio('stereo', { channels: [[0.1], [0.2]] }, 22050, 3);
    writer.close();
    const [a, b, c] = written(sink);
    const v = onlyValue(a!);
    expect(v.tensor!.dtype).toBe(DT.DT_STRING);
    expect(shapeOf(v.tensor)).toEqual([2, 2]);
    const sv = v.tensor!.string_val;
    expect(text(sv[1]!)).toBe('a');
    expect(text(sv[3]!)).toBe('*b*');
    const w0 = new DataView(sv[0]!.buffer, sv[0]!.byteOffset, sv[0]!.byteLength);
    expect(text(sv[0]!.subarray(0, 4))).toBe('RIFF');
    expect(w0.getUint32(24, true)).toBe(8000);
    expect(w0.getInt16(46, true)).toBe(16384);
    expect(sv[2]!.length).toBe(44 + 6);
    expect(v.metadata!.plugin_data!.plugin_name).toBe('audio');
    const content = tensorboard.AudioPluginData.decode(v.metadata!.plugin_data!.content);
    expect(content.version).toBe(0);
    expect(content.encoding).toBe(tensorboard.AudioPluginData.Encoding.WAV);
    expect(hex(v.metadata!.plugin_data!.content)).toBe('100b');
    expect(v.metadata!.data_class).toBe(DC.DATA_CLASS_BLOB_SEQUENCE);
    expect(v.metadata!.summary_description).toBe('clips');
    const mono = onlyValue(b!).tensor!;
    expect(shapeOf(mono)).toEqual([1, 2]);
    expect(text(mono.string_val[1]!)).toBe('');
    const st = onlyValue(c!).tensor!.string_val[0]!;
    expect(new DataView(st.buffer, st.byteOffset).getUint16(22, true)).toBe(2);
  });

  it('audio: rejects mismatched labels and bad clips', () => {
    const { writer } = memWriter();
    expect(() => writer.audio('x', [[0.1], [0.2]], 8000, 1, { labels: ['only one'] })).toThrow(/2 clips but 1 labels/);
    expect(() => writer.audio('x', ['nope' as unknown as number[]], 8000, 1)).toThrow(TypeError);
    expect(() => writer.audio('x', [0.1], 0, 1)).toThrow(RangeError);
    expect(() => writer.audio('x', { channels: [[0.1], [0.2, 0.3]] }, 8000, 1)).toThrow(/same length/);
  });

  it('text: DT_STRING with the nested array shape; rank 0 for a string; ragged arrays rejected', () => {
    const { writer, sink } = memWriter();
    writer.text('note', 'hello **world** ü', 1, { description: 'notes' });
    writer.text('table', [['a', 'b', 'c'], ['d', 'e', 'f']], 2);
    writer.text('empty', [], 3);
    expect(() => writer.text('bad', [['a'], ['b', 'c']], 4)).toThrow(/ragged/);
    expect(() => writer.text('bad', [['a'], 'b'], 4)).toThrow(/ragged/);
    expect(() => writer.text('bad', ['a', ['b']], 4)).toThrow(/ragged/);
    expect(() => writer.text('bad', [1 as unknown as string], 4)).toThrow(TypeError);
    writer.close();
    const [a, b, c] = written(sink);
    const v = onlyValue(a!);
    expect(v.tensor!.dtype).toBe(DT.DT_STRING);
    expect(shapeOf(v.tensor)).toEqual([]);
    expect(v.tensor!.string_val.map(text)).toEqual(['hello **world** ü']);
    expect(v.metadata!.plugin_data!.plugin_name).toBe('text');
    expect(v.metadata!.data_class).toBe(DC.DATA_CLASS_TENSOR);
    expect(v.metadata!.summary_description).toBe('notes');
    const t = onlyValue(b!).tensor!;
    expect(shapeOf(t)).toEqual([2, 3]);
    expect(t.string_val.map(text)).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(shapeOf(onlyValue(c!).tensor)).toEqual([0]);
  });

  it('graph: Event.graph_def bytes, step 0 by default', () => {
    const { writer, sink } = memWriter();
    const gd: tensorflow.GraphDef.$Properties = { node: [{ name: 'a', op: 'Const' }, { name: 'b', op: 'Identity', input: ['a'] }] };
    writer.graph(gd);
    writer.graph(tensorflow.GraphDef.encode(gd).finish(), { step: 9 });
    writer.close();
    const [a, b] = written(sink);
    expect(a!.what).toBe('graph_def');
    expect(Number(a!.step)).toBe(0);
    expect(tensorflow.GraphDef.decode(a!.graph_def!).node.map((n) => n.name)).toEqual(['a', 'b']);
    expect(Number(b!.step)).toBe(9);
    expect(hex(b!.graph_def!)).toBe(hex(a!.graph_def!));
  });

  it('runMetadata: profile, graph and tagged forms', () => {
    const { writer, sink } = memWriter();
    const rm: tensorflow.RunMetadata.$Properties = {
      step_stats: { dev_stats: [{ device: '/cpu:0' }] },
      function_graphs: [{ pre_optimization_graph: { node: [{ name: 'f' }] } }],
    };
    writer.runMetadata('trace', rm, 5, { description: 'step 5' });
    writer.runMetadata('trace_graph', rm, 5, { kind: 'graph' });
    writer.runMetadata('step005', rm, 5, { kind: 'tagged' });
    writer.close();
    const [p, g, t] = written(sink);
    const vp = onlyValue(p!);
    expect(vp.tensor!.dtype).toBe(DT.DT_STRING);
    expect(shapeOf(vp.tensor)).toEqual([]);
    expect(tensorflow.RunMetadata.decode(vp.tensor!.string_val[0]!).step_stats!.dev_stats[0]!.device).toBe('/cpu:0');
    expect(vp.metadata!.plugin_data!.plugin_name).toBe('graph_run_metadata');
    expect(text(vp.metadata!.plugin_data!.content)).toBe('1');
    expect(vp.metadata!.data_class).toBe(DC.DATA_CLASS_BLOB_SEQUENCE);
    expect(vp.metadata!.summary_description).toBe('step 5');
    const vg = onlyValue(g!);
    expect(vg.metadata!.plugin_data!.plugin_name).toBe('graph_run_metadata_graph');
    expect(text(vg.metadata!.plugin_data!.content)).toBe('1');
    const stripped = tensorflow.RunMetadata.decode(vg.tensor!.string_val[0]!);
    expect(stripped.step_stats).toBeNull(); // TF keeps only function_graphs + partition_graphs
    expect(stripped.function_graphs.length).toBe(1);
    expect(t!.what).toBe('tagged_run_metadata');
    expect(Number(t!.step)).toBe(5);
    expect(t!.tagged_run_metadata!.tag).toBe('step005');
    expect(tensorflow.RunMetadata.decode(t!.tagged_run_metadata!.run_metadata).step_stats!.dev_stats.length).toBe(1);
  });

  it('kerasModel: graph_keras_model, content "1", rank-0 JSON string', () => {
    const { writer, sink } = memWriter();
    writer.kerasModel('keras', { class_name: 'Sequential', config: { layers: [] } }, 0, { description: 'the model' });
    writer.kerasModel('keras2', '{"class_name":"Model"}', 3);
    writer.close();
    const [a, b] = written(sink);
    const v = onlyValue(a!);
    expect(Number(a!.step)).toBe(0);
    expect(shapeOf(v.tensor)).toEqual([]);
    expect(JSON.parse(text(v.tensor!.string_val[0]!))).toEqual({ class_name: 'Sequential', config: { layers: [] } });
    expect(v.metadata!.plugin_data!.plugin_name).toBe('graph_keras_model');
    expect(text(v.metadata!.plugin_data!.content)).toBe('1');
    expect(v.metadata!.data_class).toBe(DC.DATA_CLASS_BLOB_SEQUENCE);
    expect(v.metadata!.summary_description).toBe('the model');
    expect(text(onlyValue(b!).tensor!.string_val[0]!)).toBe('{"class_name":"Model"}');
  });

  it('hparams: metadata-carried plugin data at step 0, null tensor, metadata on every value', () => {
    const { writer, sink } = memWriter();
    writer.hparamsConfig({ hparams: [{ name: 'lr', domain: { type: 'interval', min: 0, max: 1 } }], metrics: [{ tag: 'loss' }], description: 'lr sweep' });
    writer.hparams({ lr: 0.1, opt: 'adam' }, { trialId: 't1', description: 'first trial' });
    writer.hparams({ lr: 0.2 });
    writer.hparamsEnd({ status: 'failure', description: 'diverged' });
    writer.close();
    const evs = written(sink);
    expect(evs.map((e) => onlyValue(e).tag)).toEqual([
      '_hparams_/experiment',
      '_hparams_/session_start_info',
      '_hparams_/session_start_info',
      '_hparams_/session_end_info',
    ]);
    const hp = tensorboard.hparams;
    for (const e of evs) {
      const v = onlyValue(e);
      expect(Number(e.step)).toBe(0);
      expect(v.metadata!.plugin_data!.plugin_name).toBe('hparams');
      expect(v.metadata!.data_class).toBe(DC.DATA_CLASS_TENSOR);
      // TB's NULL_TENSOR: DT_FLOAT, shape [0], no data.
      expect(v.tensor!.dtype).toBe(DT.DT_FLOAT);
      expect(shapeOf(v.tensor)).toEqual([0]);
      expect(v.tensor!.tensor_content.length).toBe(0);
      expect(hp.HParamsPluginData.decode(v.metadata!.plugin_data!.content).version).toBe(0);
    }
    const pd = (i: number) => hp.HParamsPluginData.decode(onlyValue(evs[i]!).metadata!.plugin_data!.content);
    expect(pd(0).experiment!.hparam_infos[0]!.name).toBe('lr');
    expect(pd(0).experiment!.time_created_secs).toBe(1000.5);
    expect(pd(0).experiment!.description).toBe('lr sweep');
    expect(evs.map((e) => onlyValue(e).metadata!.summary_description)).toEqual(['lr sweep', 'first trial', '', 'diverged']);
    expect(pd(1).session_start_info!.group_name).toBe('t1');
    expect(pd(1).session_start_info!.hparams['opt']!.string_value).toBe('adam');
    expect(pd(1).session_start_info!.start_time_secs).toBe(1000.5);
    expect(pd(2).session_start_info!.hparams['lr']!.number_value).toBe(0.2);
    expect(pd(3).session_end_info!.status).toBe(hp.Status.STATUS_FAILURE);
    expect(pd(3).session_end_info!.end_time_secs).toBe(1000.5);
  });

  it('sessionLog: Event.session_log', () => {
    const { writer, sink } = memWriter();
    writer.sessionLog('start', 100);
    writer.sessionLog('checkpoint', 200, { checkpointPath: '/ckpt/model-200', msg: 'saved' });
    writer.sessionLog('stop', 300);
    expect(() => writer.sessionLog('pause' as 'stop', 1)).toThrow(TypeError);
    writer.close();
    const [a, b, c] = written(sink);
    const S = tensorflow.SessionLog.SessionStatus;
    expect(a!.session_log!.status).toBe(S.START);
    expect(Number(a!.step)).toBe(100);
    expect(b!.session_log).toMatchObject({ status: S.CHECKPOINT, checkpoint_path: '/ckpt/model-200', msg: 'saved' });
    expect(c!.session_log!.status).toBe(S.STOP);
  });

  it('every record is canonical: re-encoding the decoded event with protobufjs gives the same bytes', () => {
    const { writer, sink } = memWriter();
    writer.scalar('s', 1, 1);
    writer.scalar('s', 2, -2);
    writer.histogram('h', [1, 5, 9], 3, { description: 'd' });
    writer.image('i', { width: 1, height: 1, channels: 3, data: [0, 0.5, 1] }, 4);
    writer.audio('a', [0.1], 8000, 5);
    writer.text('t', [['x']], 6);
    writer.graph({ node: [{ name: 'n' }] });
    writer.runMetadata('r', {}, 7);
    writer.hparams({ a: 1 });
    writer.sessionLog('start', 8);
    writer.close();
    for (const payload of unframe(sink.bytes())) {
      expect(hex(tensorflow.Event.encode(tensorflow.Event.decode(payload)).finish())).toBe(hex(payload));
    }
  });

  it('writeEvent queues arbitrary events', () => {
    const { writer, sink } = memWriter();
    writer.writeEvent({ wall_time: 3, meta_graph_def: new Uint8Array([1]) });
    writer.writeEvent(tensorflow.Event.encode({ wall_time: 4, file_version: 'x' }).finish());
    writer.close();
    const [a, b] = written(sink);
    expect(a!.what).toBe('meta_graph_def');
    expect(b!.file_version).toBe('x');
  });

  it('validates steps, wall times and names', () => {
    const { writer, sink } = memWriter();
    expect(() => writer.scalar('s', 1, 1.5)).toThrow(RangeError);
    expect(() => writer.scalar('s', 1, 1, { wallTime: NaN })).toThrow(/wall time/);
    expect(() => writer.scalar(3 as unknown as string, 1, 1)).toThrow(TypeError);
    expect(() => writer.scalar('s', '1' as unknown as number, 1)).toThrow(TypeError);
    // a failed call does not consume the tag's metadata
    writer.scalar('s', 1, 1);
    writer.flush();
    const evs = written(sink);
    expect(evs.length).toBe(1);
    expect(onlyValue(evs[0]!).metadata!.plugin_data!.plugin_name).toBe('scalars');
  });
});

describe('queueing and flushing', () => {
  it('writes nothing until more than maxQueue events are queued, then everything in one write', () => {
    const sink = new SpySink();
    const w = new SummaryWriter(sink, { maxQueue: 10, wallTime: () => 1 });
    for (let i = 0; i < 10; i++) w.scalar('x', i, i);
    expect(sink.writes.length).toBe(1); // only the first record
    expect(w.pending).toBe(10);
    w.scalar('x', 10, 10);
    expect(sink.records()).toEqual([1, 11]);
    expect(w.pending).toBe(0);
    w.close();
  });

  it('flush() writes all queued records in one write and flushes the sink', () => {
    const sink = new SpySink();
    const w = new SummaryWriter(sink, { maxQueue: 100 });
    const flushesAfterInit = sink.flushes;
    w.scalar('a', 1, 1);
    w.text('b', 'x', 1);
    w.histogram('c', [1], 1);
    expect(sink.writes.length).toBe(1);
    w.flush();
    expect(sink.records()).toEqual([1, 3]);
    expect(sink.flushes).toBe(flushesAfterInit + 1);
    w.flush(); // nothing queued: no empty write, but the sink is still flushed
    expect(sink.writes.length).toBe(2);
    expect(sink.flushes).toBe(flushesAfterInit + 2);
    w.close();
  });

  it('maxQueue 0 writes every event at once', () => {
    const sink = new SpySink();
    const w = new SummaryWriter(sink, { maxQueue: 0 });
    w.scalar('a', 1, 1);
    w.scalar('a', 2, 2);
    expect(sink.records()).toEqual([1, 1, 1]);
    w.close();
  });

  it('flushes on a timer once flushMillis have passed', () => {
    vi.useFakeTimers();
    const sink = new SpySink();
    const w = new SummaryWriter(sink, { maxQueue: 100, flushMillis: 120_000 });
    w.scalar('a', 1, 1);
    w.scalar('a', 2, 2);
    vi.advanceTimersByTime(119_999);
    expect(sink.writes.length).toBe(1);
    vi.advanceTimersByTime(1);
    expect(sink.records()).toEqual([1, 2]);
    // The timer keeps running: the next batch goes out one period after this flush.
    w.scalar('a', 3, 3);
    vi.advanceTimersByTime(60_000);
    expect(sink.writes.length).toBe(2);
    vi.advanceTimersByTime(60_000);
    expect(sink.records()).toEqual([1, 2, 1]);
    w.close();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a write after flushMillis of quiet flushes at once (TF checks elapsed time on write)', () => {
    vi.useFakeTimers();
    const sink = new SpySink();
    const w = new SummaryWriter(sink, { maxQueue: 100, flushMillis: 1000 });
    vi.setSystemTime(Date.now() + 5000); // time passes without timers firing
    w.scalar('a', 1, 1);
    expect(sink.records()).toEqual([1, 1]);
    w.close();
  });

  it('flushMillis Infinity disables the timer', () => {
    vi.useFakeTimers();
    const w = new SummaryWriter(new SpySink(), { flushMillis: Infinity });
    expect(vi.getTimerCount()).toBe(0);
    w.close();
  });

  it('a failure during a timer flush is thrown by the next call', () => {
    vi.useFakeTimers();
    let fail = false;
    const sink: RecordSink = {
      write() {
        if (fail) throw new Error('disk full');
      },
      close() {},
    };
    const w = new SummaryWriter(sink, { maxQueue: 100, flushMillis: 1000 });
    w.scalar('a', 1, 1);
    fail = true;
    vi.advanceTimersByTime(1000);
    expect(() => w.scalar('a', 2, 2)).toThrow('disk full');
    fail = false;
    w.scalar('a', 3, 3); // usable again
    w.close();
  });

  it('close() flushes, closes the sink, stops the timer; later calls throw, close again is a no-op', () => {
    vi.useFakeTimers();
    const sink = new SpySink();
    const w = new SummaryWriter(sink, { maxQueue: 100 });
    w.scalar('a', 1, 1);
    expect(vi.getTimerCount()).toBe(1);
    w.close();
    expect(sink.records()).toEqual([1, 1]);
    expect(sink.closes).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
    expect(w.closed).toBe(true);
    expect(() => w.scalar('a', 2, 2)).toThrow(EventsUsageError);
    expect(() => w.scalar('a', 2, 2)).toThrow(/closed/);
    expect(() => w.flush()).toThrow(EventsUsageError);
    expect(() => w.hparams({})).toThrow(EventsUsageError);
    w.close();
    expect(sink.closes).toBe(1);
  });

  it('records are whole and valid after each flush (a cut can only lose the tail)', () => {
    const { writer, sink } = memWriter({ maxQueue: 3 });
    for (let i = 0; i < 20; i++) writer.scalar('x', i, i);
    const bytes = sink.bytes();
    expect(decodeEvents(bytes).length).toBe(1 + 20 - (20 % 4));
    writer.close();
    expect(decodeEvents(sink.bytes()).length).toBe(21);
  });
});
