/** Helpers for tests: build hierarchies from fixtures, generated graphs and hand-written NodeDefs. */
import { readFileSync } from 'node:fs';
import { decodeColumnar, loadColumnarGraph, tensorflow } from '@tbg/proto';
import { encodeGraphDef, fixturePath, generateTrainingGraph } from '@tbg/testkit';
import { buildSlimGraph, type BuildParams, type SlimGraph } from '../graph/slim-graph.js';
import { buildHierarchy } from '../hierarchy/build.js';
import type { Hierarchy, HierarchyParams } from '../hierarchy/types.js';

export function fixtureSlim(file: string, params?: Partial<BuildParams>): SlimGraph {
  return buildSlimGraph(loadColumnarGraph(new Uint8Array(readFileSync(fixturePath('graphs', file))), { name: file }).columnar, params);
}

export function fixtureHierarchy(file: string, params?: Partial<HierarchyParams>): Hierarchy {
  return buildHierarchy(fixtureSlim(file), params);
}

export function generatedHierarchy(nodes: number, seed = 1, params?: Partial<HierarchyParams>): Hierarchy {
  return buildHierarchy(buildSlimGraph(decodeColumnar(encodeGraphDef(generateTrainingGraph({ nodes, seed })))), params);
}

export type NodeSpec = [name: string, op: string, inputs?: string[], attrs?: Record<string, tensorflow.AttrValue.$Properties>];

/** A GraphDef from compact node specs, as bytes. */
export function graphBytes(nodes: NodeSpec[], library?: tensorflow.FunctionDefLibrary.$Properties): Uint8Array {
  const gd = new tensorflow.GraphDef({
    node: nodes.map(([name, op, input = [], attr = {}]) => new tensorflow.NodeDef({ name, op, input, attr })),
    ...(library ? { library } : {}),
  });
  return tensorflow.GraphDef.encode(gd).finish();
}

export function slimOf(nodes: NodeSpec[], params?: Partial<BuildParams>): SlimGraph {
  return buildSlimGraph(decodeColumnar(graphBytes(nodes)), params);
}

export function hierarchyOf(nodes: NodeSpec[], params?: Partial<HierarchyParams>): Hierarchy {
  return buildHierarchy(slimOf(nodes), params);
}
