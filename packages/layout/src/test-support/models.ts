/** Helpers for tests: render models of real fixtures and generated graphs, and geometry comparison. */
import { readFileSync } from 'node:fs';
import { buildHierarchy, buildSlimGraph, RenderModel, type HierarchyParams } from '@tbg/hierarchy';
import { decodeColumnar, loadColumnarGraph } from '@tbg/proto';
import { eventGraphReader } from '@tbg/events';
import { encodeGraphDef, fixturePath, generateTrainingGraph, GRAPH_FIXTURES } from '@tbg/testkit';
import type { Geometry } from '../geometry/types.js';

/** Every real fixture the layout is checked on: [directory, file]. */
export const LAYOUT_FIXTURES = GRAPH_FIXTURES;

export function fixtureModel(dir: string, file: string, params?: Partial<HierarchyParams>): RenderModel {
  const { columnar } = loadColumnarGraph(new Uint8Array(readFileSync(fixturePath(dir, ...file.split('/')))), { name: file, eventReader: eventGraphReader });
  return new RenderModel(buildHierarchy(buildSlimGraph(columnar), params));
}

export function generatedModel(nodes: number, seed = 1): RenderModel {
  return new RenderModel(buildHierarchy(buildSlimGraph(decodeColumnar(encodeGraphDef(generateTrainingGraph({ nodes, seed, devices: 'cluster' }))))));
}

/** Null when equal, else where they first differ. */
export function geometryDifference(a: Geometry, b: Geometry): string | null {
  if (a.width !== b.width || a.height !== b.height) return `size ${a.width}×${a.height} vs ${b.width}×${b.height}`;
  for (const part of ['nodes', 'edges', 'annotations'] as const) {
    const x = a[part] as unknown as Record<string, unknown>;
    const y = b[part] as unknown as Record<string, unknown>;
    for (const key of Object.keys(x)) {
      const u = x[key];
      const v = y[key];
      if (ArrayBuffer.isView(u) && ArrayBuffer.isView(v)) {
        const ub = new Uint8Array(u.buffer, u.byteOffset, u.byteLength);
        const vb = new Uint8Array(v.buffer, v.byteOffset, v.byteLength);
        if (ub.length !== vb.length || ub.some((byte, i) => byte !== vb[i])) return `${part}.${key} differs`;
      } else if (JSON.stringify(u) !== JSON.stringify(v)) return `${part}.${key} differs`;
    }
  }
  return null;
}

/** A seeded choice of groups to expand: about every third metanode or series, with its ancestors. */
export function expandSome(model: RenderModel, seed: number): void {
  const h = model.hierarchy;
  let s = seed;
  for (const g of h.groupOrder) {
    if (g === 0) continue;
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    if (s % 3 === 0) model.expand(h.n + g);
  }
}
