/**
 * Real geometry for tests: the bundled example graph (TensorBoard's 118-node XLA demo, in the
 * repo's examples/, so no ../shared is needed), laid out in-thread.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildHierarchy, buildSlimGraph, RenderModel } from '@tbg/hierarchy';
import { applyExpandMode, createInlineRunner, LayoutSession, parseExpandMode, type Geometry } from '@tbg/layout';
import { loadColumnarGraph } from '@tbg/proto';

export const EXAMPLE = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', 'examples', 'tb_demo_xla_118.pbtxt');

/** The example graph's view with `expand` ('none', 'all' or 'depth=N'). */
export async function exampleGeometry(expand = 'all'): Promise<Geometry> {
  const { columnar } = loadColumnarGraph(new Uint8Array(readFileSync(EXAMPLE)), { name: EXAMPLE });
  const model = new RenderModel(buildHierarchy(buildSlimGraph(columnar)));
  applyExpandMode(model, parseExpandMode(expand)!);
  const runner = createInlineRunner();
  try {
    return (await new LayoutSession(model, { runner }).layout()).geometry;
  } finally {
    await runner.close();
  }
}
