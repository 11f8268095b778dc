/** One pixi Mesh for a batch of node quads: the typed arrays become GPU buffers as they are. */
import { Geometry, Mesh, type Shader } from 'pixi.js';
import type { NodeQuads } from '../scene/node-quads.js';

export function createNodeMesh(q: NodeQuads, shader: Shader): Mesh<Geometry, Shader> {
  const geometry = new Geometry({
    attributes: {
      aPosition: { buffer: q.position, format: 'float32x2' },
      aLocal: { buffer: q.local, format: 'float32x2' },
      aShape: { buffer: q.shape, format: 'float32x4' },
      aFill: { buffer: q.fill, format: 'unorm8x4' },
      aStroke: { buffer: q.stroke, format: 'unorm8x4' },
    },
    indexBuffer: q.index,
    topology: 'triangle-list',
  });
  return new Mesh({ geometry, shader });
}
