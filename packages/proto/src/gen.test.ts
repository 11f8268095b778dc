import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { schema } from './schema/schema.js';

describe('generated code', () => {
  it('is up to date with proto/**/*.proto', () => {
    const out = mkdtempSync(join(tmpdir(), 'tbg-gen-'));
    try {
      execFileSync(process.execPath, ['scripts/gen-proto.mjs', '--out', out], { stdio: 'pipe' });
      for (const f of ['tf.js', 'tf-lean.js', 'tf.d.ts', 'schema.json']) {
        expect(readFileSync(join(out, f), 'utf8'), `src/gen/${f} is stale: run pnpm --filter @tbg/proto gen`).toBe(readFileSync(join('src/gen', f), 'utf8'));
      }
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  it('has the field numbers TensorFlow uses', () => {
    const s = schema();
    const ids = (msg: string) => Object.fromEntries(s.message(msg).fields.map((f) => [f.name, f.id]));
    expect(ids('tensorflow.NodeDef')).toMatchObject({ name: 1, op: 2, input: 3, device: 4, attr: 5, experimental_debug_info: 6, experimental_type: 7 });
    expect(ids('tensorflow.GraphDef')).toMatchObject({ node: 1, library: 2, version: 3, versions: 4, debug_info: 5 });
    expect(ids('tensorflow.AttrValue')).toMatchObject({ list: 1, s: 2, i: 3, f: 4, b: 5, type: 6, shape: 7, tensor: 8, placeholder: 9, func: 10 });
    expect(ids('tensorflow.Event')).toMatchObject({ wall_time: 1, step: 2, file_version: 3, graph_def: 4, summary: 5, log_message: 6, session_log: 7, tagged_run_metadata: 8, meta_graph_def: 9, source_metadata: 10 });
    expect(ids('tensorflow.Summary.Value')).toMatchObject({ node_name: 7, tag: 1, metadata: 9, simple_value: 2, obsolete_old_style_histogram: 3, image: 4, histo: 5, audio: 6, tensor: 8 });
    expect(ids('tensorflow.MetaGraphDef')).toMatchObject({ meta_info_def: 1, graph_def: 2, saver_def: 3, collection_def: 4, signature_def: 5, asset_file_def: 6, object_graph_def: 7 });
    expect(ids('tensorflow.SavedModel')).toMatchObject({ saved_model_schema_version: 1, meta_graphs: 2 });
    expect(ids('tensorflow.RunMetadata')).toMatchObject({ step_stats: 1, cost_graph: 2, partition_graphs: 3, function_graphs: 4, session_metadata: 5 });
    expect(ids('tensorflow.NodeExecStats')).toMatchObject({ node_name: 1, all_start_micros: 2, op_start_rel_micros: 3, op_end_rel_micros: 4, all_end_rel_micros: 5, memory: 6, output: 7, timeline_label: 8, scheduled_micros: 9, thread_id: 10, referenced_tensor: 11, memory_stats: 12, all_start_nanos: 13 });
    expect(ids('tensorboard.hparams.HParamsPluginData')).toMatchObject({ version: 1, experiment: 2, session_start_info: 3, session_end_info: 4 });
    expect(s.enumType('tensorflow.DataType').byName.get('DT_FLOAT4_E2M1FN')).toBe(33);
    expect(s.enumType('tensorflow.DataType').byName.get('DT_FLOAT_REF')).toBe(101);
    expect(s.message('tensorflow.TensorProto').byName.get('float_val')!.packed).toBe(true);
  });
});
