/**
 * The GLSL program for edge strokes (scene/edge-strokes.ts): the vertex shader offsets each
 * vertex along its normal by half the stroke width, never less than half a screen pixel, so
 * thin edges stay visible when zoomed out; the fragment shader cuts TensorBoard's 2,2 dashes of
 * control edges from the distance along the route.
 */
import { Geometry, Mesh, Shader } from 'pixi.js';
import type { EdgeStrokes } from '../scene/edge-strokes.js';

const VERTEX = /* glsl */ `#version 300 es
in vec2 aCentre;
in vec2 aNormal;
in vec3 aStroke;
in vec4 aColor;

uniform mat3 uProjectionMatrix;
uniform mat3 uWorldTransformMatrix;
uniform mat3 uTransformMatrix;

out vec4 vColor;
out float vDist;
out float vDashed;

void main() {
  mat3 m = uWorldTransformMatrix * uTransformMatrix;
  float pxPerWorld = length(m[0].xy);
  float halfWidth = max(aStroke.x, 0.5 / pxPerWorld);
  vec2 p = aCentre + aNormal * halfWidth;
  gl_Position = vec4((uProjectionMatrix * m * vec3(p, 1.0)).xy, 0.0, 1.0);
  vColor = aColor;
  vDist = aStroke.y;
  vDashed = aStroke.z;
}
`;

const FRAGMENT = /* glsl */ `#version 300 es
precision highp float;
in vec4 vColor;
in float vDist;
in float vDashed;
out vec4 finalColor;

void main() {
  if (vDashed > 0.5 && mod(vDist, 4.0) > 2.0) discard;
  finalColor = vec4(vColor.rgb * vColor.a, vColor.a);
}
`;

export function createEdgeShader(): Shader {
  return Shader.from({ gl: { vertex: VERTEX, fragment: FRAGMENT, name: 'tbg-edge-strokes' } });
}

export function createEdgeMesh(s: EdgeStrokes, shader: Shader): Mesh<Geometry, Shader> {
  const geometry = new Geometry({
    attributes: {
      aCentre: { buffer: s.centre, format: 'float32x2' },
      aNormal: { buffer: s.normal, format: 'float32x2' },
      aStroke: { buffer: s.stroke, format: 'float32x3' },
      aColor: { buffer: s.color, format: 'unorm8x4' },
    },
    indexBuffer: s.index,
    topology: 'triangle-list',
  });
  return new Mesh({ geometry, shader });
}
