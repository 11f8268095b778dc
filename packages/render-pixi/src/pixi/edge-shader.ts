/**
 * The GLSL program for edge strokes (scene/edge-strokes.ts): the vertex shader offsets each
 * vertex along its normal by half the stroke width, never less than half a screen pixel, so
 * thin edges stay visible when zoomed out, and half a pixel more that the fragment shader fades
 * out (anti-aliased sides: the context has no multisampling, costly on a software GPU); the fragment shader cuts TensorBoard's 2,2 dashes of
 * control edges from the distance along the route. Colours come from the theme by role; the
 * hovered node's edges are drawn wider and darker, the others fade while hovering; zoomed out,
 * arrowheads, dashes and annotation edges are dropped, and edges inside aggregates hidden.
 */
import { Geometry, Mesh, Shader } from 'pixi.js';
import type { EdgeStrokes } from '../scene/edge-strokes.js';
import { STYLE_GLSL, type SceneStyle } from './scene-style.js';

const VERTEX = /* glsl */ `#version 300 es
in vec2 aCentre;
in vec2 aNormal;
in vec4 aStroke;
in vec2 aMeta;

uniform mat3 uProjectionMatrix;
uniform mat3 uWorldTransformMatrix;
uniform mat3 uTransformMatrix;
${STYLE_GLSL}

out vec4 vColor;
out float vDist;
flat out float vDashed;
// Screen px from the centre line (signed by side), and the stroke's half width in screen px.
out float vAcross;
flat out float vHalfPx;

void main() {
  mat3 m = uWorldTransformMatrix * uTransformMatrix;
  float px = length(m[0].xy);
  float kind = aStroke.z;
  float role = aStroke.w;
  bool lod = uLod > 0.5;
  bool plain = lod && uPlain > 0.5;
  if ((lod && px < aMeta.y) || (plain && (kind > 1.5 || role == 2.0))) {
    gl_Position = vec4(2.0, 2.0, 0.0, 1.0);  // outside the clip volume: nothing is rasterised
    return;
  }
  int state = stateAt(aMeta.x);
  if (unlitInPass(state)) {
    gl_Position = vec4(2.0, 2.0, 0.0, 1.0);
    return;
  }
  bool emphasised = (state & 6) != 0;
  float side = sign(aStroke.x);
  float halfWidth = max(abs(aStroke.x) * (emphasised ? 2.0 : 1.0), (emphasised ? 0.9 : 0.5) / px);
  // Half a screen pixel wider each side, faded out there by the fragment shader: anti-aliased
  // sides without multisampling (arrowheads, side 0, stay as they are).
  float aa = side == 0.0 ? 0.0 : 0.5;
  vec2 p = aCentre + aNormal * (halfWidth + aa / px);
  vAcross = side * (halfWidth * px + aa);
  vHalfPx = halfWidth * px;
  gl_Position = vec4((uProjectionMatrix * m * vec3(p, 1.0)).xy, 0.0, 1.0);
  bool dashed = mod(kind, 2.0) > 0.5;
  vec3 c = role == 1.0 ? uRefEdge : role == 2.0 ? uAnnotationEdge : dashed ? uControlEdge : uEdge;
  if (emphasised) c = mix(c, uLabel, 0.35);
  c = faded(c, state);
  vColor = vec4(c * uSceneAlpha, uSceneAlpha);
  vDist = aStroke.y;
  vDashed = dashed && !plain && kind < 1.5 ? 1.0 : 0.0;
}
`;

const FRAGMENT = /* glsl */ `#version 300 es
precision highp float;
in vec4 vColor;
in float vDist;
flat in float vDashed;
in float vAcross;
flat in float vHalfPx;
out vec4 finalColor;

void main() {
  if (vDashed > 0.5 && mod(vDist, 4.0) > 2.0) discard;
  // Coverage of this pixel by the stroke: 1 inside, falling to 0 over the pixel at its sides.
  float cover = clamp(vHalfPx + 0.5 - abs(vAcross), 0.0, 1.0);
  finalColor = vColor * cover;
}
`;

export function createEdgeShader(style: SceneStyle): Shader {
  return style.track(Shader.from({ gl: { vertex: VERTEX, fragment: FRAGMENT, name: 'tbg-edge-strokes' }, resources: style.resources() }));
}

export function createEdgeMesh(s: EdgeStrokes, shader: Shader): Mesh<Geometry, Shader> {
  const geometry = new Geometry({
    attributes: {
      aCentre: { buffer: s.centre, format: 'float32x2' },
      aNormal: { buffer: s.normal, format: 'float32x2' },
      aStroke: { buffer: s.stroke, format: 'float32x4' },
      aMeta: { buffer: s.meta, format: 'float32x2' },
    },
    indexBuffer: s.index,
    topology: 'triangle-list',
  });
  return new Mesh({ geometry, shader });
}
