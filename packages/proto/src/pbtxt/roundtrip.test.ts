/** The pbtxt fixtures round-trip: parse → print → parse gives equal messages and equal bytes. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@tbg/testkit';
import { encodeMessage, messageClass } from '../schema/messages.js';
import { parsePbtxt } from './parse.js';
import { printPbtxt } from './print.js';

const CASES: Array<[string, string]> = [
  ['tb_app_demo_tiny.pbtxt', 'tensorflow.GraphDef'],
  ['tb_demo_xla_118.pbtxt', 'tensorflow.GraphDef'],
  ['zhacmsra_fc_quant_defun_461.pbtxt', 'tensorflow.GraphDef'],
  ['scalable_agent_impala_2124.pbtxt', 'tensorflow.GraphDef'],
  ['tb_run_metadata_step99.pbtxt', 'tensorflow.RunMetadata'],
];

describe('pbtxt fixtures round-trip', () => {
  for (const [file, type] of CASES) {
    it(file, () => {
      const text = new Uint8Array(readFileSync(fixturePath('graphs', file)));
      const first = parsePbtxt(text, type);
      const printed = printPbtxt(first, type);
      const second = parsePbtxt(printed, type);
      // Equal bytes from a deterministic encoder means equal messages.
      expect(Buffer.compare(encodeMessage(type, second), encodeMessage(type, first))).toBe(0);
      // Printing is a fixed point after one round.
      expect(printPbtxt(second, type)).toBe(printed);
    });
  }

  it('binary fixtures survive decode → print → parse → encode', () => {
    for (const [file, type] of [
      ['tf2onnx_lstm_frozen.pb', 'tensorflow.GraphDef'],
      ['tf2onnx_regression_model.meta', 'tensorflow.MetaGraphDef'],
      ['tf2onnx_regression_saved_model.pb', 'tensorflow.SavedModel'],
    ] as const) {
      const bytes = new Uint8Array(readFileSync(fixturePath('graphs', file)));
      const decoded = messageClass(type).decode(bytes);
      const printed = printPbtxt(decoded, type);
      const reparsed = parsePbtxt(printed, type);
      // Map entries come back in key order, so compare canonical text rather than raw bytes.
      expect(printPbtxt(reparsed, type) === printed, file).toBe(true);
      expect(encodeMessage(type, reparsed).length, file).toBe(encodeMessage(type, decoded).length);
    }
  });
});
