/**
 * The GLSL program that draws node quads (scene/node-quads.ts): each fragment measures its signed
 * distance to the node's outline — rounded rectangle, ellipse, triangle, series stamp or the
 * expand button — and blends fill and stroke with one pixel of anti-aliasing, whatever the zoom.
 * The vertex shader applies the highlight state (selection outline, hover emphasis, fading) and
 * the levels of detail: plain boxes when zoomed out, a group drawn filled in place of children
 * too small to see, nothing for nodes inside such a group.
 */
import { Geometry, Mesh, Shader } from 'pixi.js';
import { DARK_STROKE_LIFT } from '../style/theme.js';
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
// Which distance the fragment uses (0 ellipse, 1 rounded box, 2 triangle), the box's corner
// radius, the triangle's direction (1 right, -1 left), and 1 for a + button (0 for −).
flat out vec4 vSelect;
// The ellipse's half axes, and the spacing of a series stamp's three ellipses (0 for one).
flat out vec4 vEllipse;

const float ROLE_GROUP = 1.0;
const float ROLE_ANNOTATION = 2.0;
const float ROLE_BUTTON = 3.0;
const float ROLE_OVERLAY = 4.0;

const float DARK_STROKE_LIFT = ${DARK_STROKE_LIFT.toFixed(2)};

// Lightness inverted, hue and saturation kept: every channel shifted by 1 - (max + min).
vec3 invertLightness(vec3 c) {
  return c + (1.0 - max(c.r, max(c.g, c.b)) - min(c.r, min(c.g, c.b)));
}

void hide() {
  gl_Position = vec4(2.0, 2.0, 0.0, 1.0);  // outside the clip volume: nothing is rasterised
}

// Decided once per quad, so that each fragment computes one distance of each family without
// branching: a software GPU runs every branch of a fragment shader for every fragment.
void selectShape(vec4 shape, float mode) {
  vec2 h = shape.xy;
  float kind = shape.w;
  float sel = 0.0;
  vec2 ellipse = h;
  vec2 spacing = vec2(0.0);
  if (mode > 2.5) ellipse = vec2(h.x);                       // the button's disc
  else if (mode > 0.5 || (kind > 1.5 && kind < 2.5)) sel = 1.0;
  else if (kind > 2.5 && kind < 3.5) { ellipse = vec2(h.x, h.y / 3.0); spacing = vec2(0.0, h.y * 2.0 / 3.0); }
  else if (kind > 3.5 && kind < 4.5) { ellipse = vec2(h.x / 3.0, h.y); spacing = vec2(h.x * 2.0 / 3.0, 0.0); }
  else if (kind > 4.5 && kind < 6.5) sel = 2.0;
  float radius = mode > 0.5 ? 0.0 : shape.z;
  vSelect = vec4(sel, radius, kind < 5.5 ? 1.0 : -1.0, kind < 7.5 ? 1.0 : 0.0);
  vEllipse = vec4(ellipse, spacing);
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
  if (!overlay && unlitInPass(state)) { hide(); return; }
  gl_Position = vec4((uProjectionMatrix * m * vec3(aPosition, 1.0)).xy, 0.0, 1.0);
  vLocal = aLocal;
  vShape = aShape;
  vec4 fill = aFill;
  vec4 stroke = aStroke;
  if (uInvertFills > 0.5 && !overlay) {
    fill.rgb = invertLightness(fill.rgb);
    // Inverted, an outline is only a little lighter than its fill: lifted toward white to stand off the dark background.
    stroke.rgb = mix(invertLightness(stroke.rgb), vec3(1.0), DARK_STROKE_LIFT);
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
  selectShape(aShape, mode);
}
`;

const FRAGMENT = /* glsl */ `#version 300 es
precision highp float;
in vec2 vLocal;
flat in vec4 vShape;
flat in vec4 vFill;
flat in vec4 vStroke;
flat in vec3 vDraw;
flat in vec4 vSelect;
flat in vec4 vEllipse;
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

// A triangle filling the box, pointing right (function input, dir 1) or left (output, dir -1).
float sdTriangle(vec2 p, vec2 h, float dir) {
  p.x *= dir;
  float d1 = -p.x - h.x;
  float slope = h.y / (2.0 * h.x);
  float d2 = (abs(p.y) - h.y + (p.x + h.x) * slope) / sqrt(1.0 + slope * slope);
  return max(d1, d2);
}

// A series stamp is three ellipses along an axis: the point moves to the nearest one's frame.
vec2 nearestOfThree(vec2 p, vec2 spacing) {
  vec2 k = clamp(floor(p / max(spacing, 1e-6) + 0.5), -1.0, 1.0);
  return p - k * spacing;
}

// How much of the button's sign (a + or a −, stroke coloured) covers the fragment.
float buttonSign(vec2 p, float r, float plus, float px, float signPx) {
  float arm = r * 0.733;
  float bar = length(max(abs(p) - vec2(arm, 0.0), 0.0));
  bar = min(bar, mix(1e6, length(max(abs(p) - vec2(0.0, arm), 0.0)), plus));
  return clamp(signPx * 0.5 + 0.5 - bar * px, 0.0, 1.0);
}

void main() {
  vec2 h = vShape.xy;
  float px = vDraw.x;
  float mode = vDraw.z;
  // Plain boxes and aggregates are boxes (radius 0): a box is all one sees at that size.
  float dEllipse = sdEllipse(nearestOfThree(vLocal, vEllipse.zw), vEllipse.xy);
  float dBox = sdRoundRect(vLocal, h, vSelect.y);
  float dTriangle = sdTriangle(vLocal, h, vSelect.z);
  float d = vSelect.x < 0.5 ? dEllipse : vSelect.x < 1.5 ? dBox : dTriangle;
  float dpx = d * px;                              // signed distance in screen pixels
  float coverage = clamp(0.5 - dpx, 0.0, 1.0);     // anti-aliased outline
  float ring = mode > 1.5 ? 0.0 : clamp(dpx + vDraw.y + 0.5, 0.0, 1.0);
  float strokeMix = mode > 2.5 ? buttonSign(vLocal, h.x, vSelect.w, px, vDraw.y) : ring;
  vec4 color = mix(vFill, vStroke, strokeMix);
  float alpha = color.a * coverage;
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
