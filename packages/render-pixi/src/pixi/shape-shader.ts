/**
 * The GLSL program that draws node quads (scene/node-quads.ts): each fragment measures its signed
 * distance to the node's outline — rounded rectangle, ellipse, triangle or a series stamp — and
 * blends fill and stroke with one pixel of anti-aliasing, whatever the zoom.
 */
import { Shader } from 'pixi.js';

const VERTEX = /* glsl */ `#version 300 es
in vec2 aPosition;
in vec2 aLocal;
in vec4 aShape;
in vec4 aFill;
in vec4 aStroke;

uniform mat3 uProjectionMatrix;
uniform mat3 uWorldTransformMatrix;
uniform mat3 uTransformMatrix;

out vec2 vLocal;
out vec4 vShape;
out vec4 vFill;
out vec4 vStroke;
out float vPxPerWorld;

void main() {
  mat3 m = uWorldTransformMatrix * uTransformMatrix;
  gl_Position = vec4((uProjectionMatrix * m * vec3(aPosition, 1.0)).xy, 0.0, 1.0);
  vLocal = aLocal;
  vShape = aShape;
  vFill = aFill;
  vStroke = aStroke;
  vPxPerWorld = length(m[0].xy);
}
`;

const FRAGMENT = /* glsl */ `#version 300 es
precision highp float;
in vec2 vLocal;
in vec4 vShape;
in vec4 vFill;
in vec4 vStroke;
in float vPxPerWorld;
out vec4 finalColor;

float sdRoundRect(vec2 p, vec2 h, float r) {
  r = min(r, min(h.x, h.y));
  vec2 q = abs(p) - h + r;
  return length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - r;
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

void main() {
  vec2 h = vShape.xy;
  float kind = vShape.w;
  float d;
  if (kind < 0.5) discard;                       // none
  else if (kind < 1.5) d = sdEllipse(vLocal, h); // ellipse
  else if (kind < 2.5) d = sdRoundRect(vLocal, h, vShape.z);
  else if (kind < 3.5) d = sdStamp(vLocal, h, true);
  else if (kind < 4.5) d = sdStamp(vLocal, h, false);
  else if (kind < 5.5) d = sdTriangle(vLocal, h, 1.0);
  else d = sdTriangle(vLocal, h, -1.0);
  float px = d * vPxPerWorld;                    // signed distance in screen pixels
  float strokeWidth = 1.0;
  float coverage = clamp(0.5 - px, 0.0, 1.0);   // anti-aliased outline
  float strokeMix = clamp(px + strokeWidth + 0.5, 0.0, 1.0);
  vec4 color = mix(vFill, vStroke, strokeMix);
  float alpha = color.a * coverage;
  if (alpha <= 0.0) discard;
  finalColor = vec4(color.rgb * alpha, alpha);
}
`;

export function createShapeShader(): Shader {
  return Shader.from({ gl: { vertex: VERTEX, fragment: FRAGMENT, name: 'tbg-node-shapes' } });
}
