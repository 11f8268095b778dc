/** The golden views (small fixtures, collapsed and expanded), shared by the SVG tests. */
import type { Geometry } from '../geometry/types.js';
import { applyExpandMode } from '../session/expansion.js';
import { LayoutSession } from '../session/layout-session.js';
import type { ElkRunner } from '../worker/runner.js';
import { fixtureModel } from './models.js';

/** The golden views: small fixtures, collapsed and fully expanded. Reviewed by eye (as PNG) when created. */
export const GOLDEN_VIEWS: ReadonlyArray<{ id: string; dir: string; file: string; expand: 'none' | 'all' }> = [
  { id: 'tb_app_demo_tiny.all', dir: 'graphs', file: 'tb_app_demo_tiny.pbtxt', expand: 'all' },
  { id: 'tb_demo_xla_118.root', dir: 'graphs', file: 'tb_demo_xla_118.pbtxt', expand: 'none' },
  { id: 'tb_demo_xla_118.all', dir: 'graphs', file: 'tb_demo_xla_118.pbtxt', expand: 'all' },
  { id: 'tf2onnx_regression_model.all', dir: 'graphs', file: 'tf2onnx_regression_model.meta', expand: 'all' },
];

export async function goldenGeometry(view: (typeof GOLDEN_VIEWS)[number], runner: ElkRunner): Promise<Geometry> {
  const model = fixtureModel(view.dir, view.file);
  applyExpandMode(model, { kind: view.expand });
  return (await new LayoutSession(model, { runner }).layout()).geometry;
}

