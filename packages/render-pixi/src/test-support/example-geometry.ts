/**
 * Real geometry for tests: the bundled example graph (TensorBoard's 118-node XLA demo, in the
 * repo's examples/, so no ../shared is needed), laid out in-thread.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildHierarchy, buildSlimGraph, RenderModel, type Hierarchy } from '@tbg/hierarchy';
import { applyExpandMode, createInlineRunner, LayoutSession, parseExpandMode, type Geometry } from '@tbg/layout';
import { loadColumnarGraph } from '@tbg/proto';

export const EXAMPLE = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', 'examples', 'tb_demo_xla_118.pbtxt');

/** The example graph's view with `expand` ('none', 'all' or 'depth=N'), and its hierarchy. */
export async function exampleView(expand = 'all'): Promise<{ geometry: Geometry; hierarchy: Hierarchy }> {
  const { columnar } = loadColumnarGraph(new Uint8Array(readFileSync(EXAMPLE)), { name: EXAMPLE });
  const model = new RenderModel(buildHierarchy(buildSlimGraph(columnar)));
  applyExpandMode(model, parseExpandMode(expand)!);
  const runner = createInlineRunner();
  try {
    return { geometry: (await new LayoutSession(model, { runner }).layout()).geometry, hierarchy: model.hierarchy };
  } finally {
    await runner.close();
  }
}

export async function exampleGeometry(expand = 'all'): Promise<Geometry> {
  return (await exampleView(expand)).geometry;
}
