/** The golden views (small fixtures, collapsed and expanded), shared by the SVG tests. */
import type { Direction } from '../elk/task.js';
import type { Geometry } from '../geometry/types.js';
import { applyExpandMode, parseExpandMode } from '../session/expansion.js';
import { LayoutSession } from '../session/layout-session.js';
import type { ElkRunner } from '../worker/runner.js';
import { fixtureModel } from './models.js';

export interface GoldenView {
  id: string;
  dir: string;
  file: string;
  /** An expand mode as `tbg-layout --expand` spells it: none, all or depth=N. */
  expand: 'none' | 'all' | `depth=${number}`;
  /** Bottom to top (TensorBoard's, the default) or left to right. */
  direction?: Direction;
}

/** The golden views: small fixtures, collapsed and expanded. Reviewed by eye (as PNG) when created. */
export const GOLDEN_VIEWS: ReadonlyArray<GoldenView> = [
  { id: 'tb_app_demo_tiny.all', dir: 'graphs', file: 'tb_app_demo_tiny.pbtxt', expand: 'all' },
  { id: 'tb_demo_xla_118.root', dir: 'graphs', file: 'tb_demo_xla_118.pbtxt', expand: 'none' },
  { id: 'tb_demo_xla_118.all', dir: 'graphs', file: 'tb_demo_xla_118.pbtxt', expand: 'all' },
  { id: 'tb_demo_xla_118.all.right', dir: 'graphs', file: 'tb_demo_xla_118.pbtxt', expand: 'all', direction: 'RIGHT' },
  { id: 'tf2onnx_regression_model.all', dir: 'graphs', file: 'tf2onnx_regression_model.meta', expand: 'all' },
  // The LSTM cell down to its series (collapsed: 83-member stamps), with the rnn's while loop.
  { id: 'tf2onnx_lstm_frozen.depth3', dir: 'graphs', file: 'tf2onnx_lstm_frozen.pb', expand: 'depth=3' },
  // Library functions in their column at the root, then expanded (input and output triangles)
  // next to the groups with their call sites.
  { id: 'zhacmsra_fc_quant_defun_461.root', dir: 'graphs', file: 'zhacmsra_fc_quant_defun_461.pbtxt', expand: 'none' },
  { id: 'zhacmsra_fc_quant_defun_461.depth1', dir: 'graphs', file: 'zhacmsra_fc_quant_defun_461.pbtxt', expand: 'depth=1' },
];

export async function goldenGeometry(view: GoldenView, runner: ElkRunner): Promise<Geometry> {
  const model = fixtureModel(view.dir, view.file);
  applyExpandMode(model, parseExpandMode(view.expand)!);
  return (await new LayoutSession(model, { runner, params: view.direction ? { direction: view.direction } : {} }).layout()).geometry;
}
