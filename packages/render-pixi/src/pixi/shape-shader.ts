/**
 * The GLSL program that draws node quads (scene/node-quads.ts): each fragment measures its signed
 * distance to the node's outline — rounded rectangle, ellipse, triangle, series stamp or the
 * expand button — and blends fill and stroke with one pixel of anti-aliasing, whatever the zoom.
 * The vertex shader applies the highlight state (selection outline, hover emphasis, fading) and
 * the levels of detail: plain boxes when zoomed out, a group drawn filled in place of children
 * too small to see, nothing for nodes inside such a group.
 */
import { Geometry, Mesh, Shader } from 'pixi.js';
import type { NodeQuads } from '../scene/node-quads.js';
import { STYLE_GLSL, type SceneStyle } from './scene-style.js';

const VERTEX = /* glsl */ `#version 300 es
in vec2 aPosition;
in vec2 aLocal;
in vec4 aShape;
in vec4 aFill;
in vec4 aStroke;
in vec4 aMeta;

uniform mat3 uProjectionMatrix;
uniform mat3 uWorldTransformMatrix;
uniform mat3 uTransformMatrix;
${STYLE_GLSL}

out vec2 vLocal;
flat out vec4 vShape;
flat out vec4 vFill;
flat out vec4 vStroke;
// Screen px per world px, stroke width in screen px, mode (0 detailed, 1 plain box, 2 filled aggregate, 3 button).
flat out vec3 vDraw;

const float ROLE_GROUP = 1.0;
const float ROLE_ANNOTATION = 2.0;
const float ROLE_BUTTON = 3.0;
const float ROLE_OVERLAY = 4.0;

// Lightness inverted, hue and saturation kept: every channel shifted by 1 - (max + min).
vec3 invertLightness(vec3 c) {
  return c + (1.0 - max(c.r, max(c.g, c.b)) - min(c.r, min(c.g, c.b)));
}

void hide() {
  gl_Position = vec4(2.0, 2.0, 0.0, 1.0);  // outside the clip volume: nothing is rasterised
}

void main() {
  mat3 m = uWorldTransformMatrix * uTransformMatrix;
  float px = length(m[0].xy);
  float role = aMeta.y;
  bool overlay = role == ROLE_OVERLAY;
  int state = overlay ? 0 : stateAt(aMeta.x);
  bool lod = uLod > 0.5 && !overlay;
  bool plain = lod && uPlain > 0.5;
  // Shapeless nodes (the root) would cover the whole graph with fragments that all discard.
  if (aShape.w < 0.5 || (lod && px < aMeta.z)) { hide(); return; }
  if (plain && (role == ROLE_ANNOTATION || role == ROLE_BUTTON)) { hide(); return; }
  // A collapsed node's button shows only while it is hovered (TensorBoard: opacity 0.01 otherwise).
  if (role == ROLE_BUTTON && aShape.w < 7.5 && (state & 2) == 0) { hide(); return; }
  gl_Position = vec4((uProjectionMatrix * m * vec3(aPosition, 1.0)).xy, 0.0, 1.0);
  vLocal = aLocal;
  vShape = aShape;
  vec4 fill = aFill;
  vec4 stroke = aStroke;
  if (uInvertFills > 0.5 && !overlay) {
    fill.rgb = invertLightness(fill.rgb);
    stroke.rgb = invertLightness(stroke.rgb);
  }
  float mode = lod && px < aMeta.w ? 2.0 : plain ? 1.0 : 0.0;
  if (mode == 2.0) fill.rgb = mix(fill.rgb, stroke.rgb, 0.5);
  // The minimap's frame and viewport box carry their stroke width in aMeta.z.
  float strokePx = overlay ? max(aMeta.z, 1.0) : 1.0;
  if ((state & 1) != 0 && role <= ROLE_GROUP) {
    // TensorBoard: a red outline 2 px wide (3 on an expanded group), kept between 2 and 5 screen px.
    stroke.rgb = uSelection;
    strokePx = clamp((role == ROLE_GROUP ? 3.0 : 2.0) * px, 2.0, role == ROLE_GROUP ? 5.0 : 4.0);
  } else if ((state & 6) != 0 && role <= ROLE_GROUP) {
    // Hovered and neighbours: TensorBoard's 2 px outline, darker, between 1.5 and 3 screen px.
    stroke.rgb = mix(stroke.rgb, uLabel, 0.4);
    strokePx = clamp(2.0 * px, 1.5, 3.0);
  }
  if (role == ROLE_BUTTON) {
    fill = vec4(uButton, 1.0);
    stroke = vec4(uButtonSign, 1.0);
    strokePx = max(0.8 * px, 1.0);
    mode = 3.0;
  }
  if (!overlay) {
    fill.rgb = faded(fill.rgb, state);
    stroke.rgb = faded(stroke.rgb, state);
  }
  // Annotations and buttons fade in with the edges and labels after an expand.
  if (role == ROLE_ANNOTATION || role == ROLE_BUTTON) {
    fill.a *= uSceneAlpha;
    stroke.a *= uSceneAlpha;
  }
  vFill = fill;
  vStroke = stroke;
  vDraw = vec3(px, strokePx, mode);
}
`;

const FRAGMENT = /* glsl */ `#version 300 es
precision highp float;
in vec2 vLocal;
flat in vec4 vShape;
flat in vec4 vFill;
flat in vec4 vStroke;
flat in vec3 vDraw;
out vec4 finalColor;

float sdBox(vec2 p, vec2 h) {
  vec2 q = abs(p) - h;
  return length(max(q, 0.0)) + min(max(q.x, q.y), 0.0);
}

float sdRoundRect(vec2 p, vec2 h, float r) {
  r = min(r, min(h.x, h.y));
  return sdBox(p, h - r) - r;
}

// An approximate but smooth distance to an ellipse, good for stroking at any scale.
float sdEllipse(vec2 p, vec2 h) {
  float k0 = length(p / h);
  float k1 = length(p / (h * h));
  return k0 < 1e-6 ? -min(h.x, h.y) : k0 * (k0 - 1.0) / k1;
}

float sdTriangle(vec2 p, vec2 h, float pointsRight) {
  // A triangle filling the box, pointing right (function input) or left (output).
  p.x *= pointsRight;
  float d1 = -p.x - h.x;
  float slope = h.y / (2.0 * h.x);
  float d2 = (abs(p.y) - h.y + (p.x + h.x) * slope) / sqrt(1.0 + slope * slope);
  return max(d1, d2);
}

// Three small ellipses stacked along an axis: TensorBoard's series stamp.
float sdStamp(vec2 p, vec2 h, bool vertical) {
  vec2 e = vertical ? vec2(h.x, h.y / 3.0) : vec2(h.x / 3.0, h.y);
  vec2 step = vertical ? vec2(0.0, h.y * 2.0 / 3.0) : vec2(h.x * 2.0 / 3.0, 0.0);
  float d = sdEllipse(p, e);
  d = min(d, sdEllipse(p - step, e));
  return min(d, sdEllipse(p + step, e));
}

float shapeDistance(vec2 p, vec2 h, float kind, float radius) {
  if (kind < 1.5) return sdEllipse(p, h);
  if (kind < 2.5) return sdRoundRect(p, h, radius);
  if (kind < 3.5) return sdStamp(p, h, true);
  if (kind < 4.5) return sdStamp(p, h, false);
  if (kind < 5.5) return sdTriangle(p, h, 1.0);
  return sdTriangle(p, h, -1.0);
}

// The expand button: a disc with a + (kind 7) or − (kind 8) in the stroke colour.
vec4 button(vec2 p, float r, float kind, float px, float signPx) {
  float arm = r * 0.733;
  float bar = length(max(abs(p) - vec2(arm, 0.0), 0.0));
  if (kind < 7.5) bar = min(bar, length(max(abs(p) - vec2(0.0, arm), 0.0)));
  float sign = clamp(signPx * 0.5 + 0.5 - bar * px, 0.0, 1.0);
  vec4 c = mix(vFill, vStroke, sign);
  c.a *= clamp(0.5 - (length(p) - r) * px, 0.0, 1.0);
  return c;
}

void main() {
  vec2 h = vShape.xy;
  float kind = vShape.w;
  float px = vDraw.x;
  float mode = vDraw.z;
  if (kind < 0.5) discard;                         // none
  if (mode > 2.5) {
    vec4 b = button(vLocal, h.x, kind, px, vDraw.y);
    if (b.a <= 0.0) discard;
    finalColor = vec4(b.rgb * b.a, b.a);
    return;
  }
  // Plain boxes and aggregates skip the outline's shape: a box is all one sees at that size.
  float d = mode > 0.5 ? sdBox(vLocal, h) : shapeDistance(vLocal, h, kind, vShape.z);
  float dpx = d * px;                              // signed distance in screen pixels
  float coverage = clamp(0.5 - dpx, 0.0, 1.0);     // anti-aliased outline
  float strokeMix = mode > 1.5 ? 0.0 : clamp(dpx + vDraw.y + 0.5, 0.0, 1.0);
  vec4 color = mix(vFill, vStroke, strokeMix);
  float alpha = color.a * coverage;
  if (alpha <= 0.0) discard;
  finalColor = vec4(color.rgb * alpha, alpha);
}
`;

export function createShapeShader(style: SceneStyle): Shader {
  return style.track(Shader.from({ gl: { vertex: VERTEX, fragment: FRAGMENT, name: 'tbg-node-shapes' }, resources: style.resources() }));
}

/** One pixi Mesh for a batch of quads: the typed arrays become GPU buffers as they are. */
export function createNodeMesh(q: NodeQuads, shader: Shader): Mesh<Geometry, Shader> {
  const geometry = new Geometry({
    attributes: {
      aPosition: { buffer: q.position, format: 'float32x2' },
      aLocal: { buffer: q.local, format: 'float32x2' },
      aShape: { buffer: q.shape, format: 'float32x4' },
      aFill: { buffer: q.fill, format: 'unorm8x4' },
      aStroke: { buffer: q.stroke, format: 'unorm8x4' },
      aMeta: { buffer: q.meta, format: 'float32x4' },
    },
    indexBuffer: q.index,
    topology: 'triangle-list',
  });
  return new Mesh({ geometry, shader });
}
