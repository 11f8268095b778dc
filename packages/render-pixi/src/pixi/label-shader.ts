/**
 * The GLSL program for glyph quads (scene/label-glyphs.ts): signed-distance-field text, sharp at
 * any zoom, four samples a pixel so that small text keeps its thin strokes. The vertex shader collapses the glyphs
 * of labels smaller than `MIN_LABEL_SCREEN_PX` on screen (unreadable text is not drawn), of
 * annotations when nodes are plain boxes, and of nodes inside an aggregate; colours come from
 * the theme by role, faded like their node or edge while hovering.
 */
import { BufferImageSource, Geometry, Mesh, Shader, Texture } from 'pixi.js';
import type { LabelGlyphs } from '../scene/label-glyphs.js';
import { MIN_LABEL_SCREEN_PX } from '../scene/lod.js';
import { SDF_EDGE, SDF_RADIUS, type GlyphAtlas } from '../text/glyph-atlas.js';
import { STYLE_GLSL, type SceneStyle } from './scene-style.js';

const VERTEX = /* glsl */ `#version 300 es
in vec2 aPosition;
in vec2 aUV;
in vec4 aStyle;

uniform mat3 uProjectionMatrix;
uniform mat3 uWorldTransformMatrix;
uniform mat3 uTransformMatrix;
${STYLE_GLSL}

out vec2 vUV;
flat out vec4 vColor;

void main() {
  mat3 m = uWorldTransformMatrix * uTransformMatrix;
  float px = length(m[0].xy);
  float role = aStyle.y;
  bool lod = uLod > 0.5;
  if (lod && (aStyle.x * px < ${MIN_LABEL_SCREEN_PX.toFixed(1)} || px < aStyle.w || (role == 1.0 && uPlain > 0.5))) {
    gl_Position = vec4(2.0, 2.0, 0.0, 1.0);  // outside the clip volume: nothing is rasterised
    return;
  }
  int state = stateAt(aStyle.z);
  if (unlitInPass(state)) {
    gl_Position = vec4(2.0, 2.0, 0.0, 1.0);
    return;
  }
  gl_Position = vec4((uProjectionMatrix * m * vec3(aPosition, 1.0)).xy, 0.0, 1.0);
  vUV = aUV;
  vec3 c = faded(role == 2.0 ? uEdgeLabel : uLabel, state);
  vColor = vec4(c, uSceneAlpha);
}
`;

const FRAGMENT = /* glsl */ `#version 300 es
precision highp float;
in vec2 vUV;
flat in vec4 vColor;
uniform sampler2D uAtlas;
out vec4 finalColor;

const float EDGE = ${SDF_EDGE.toFixed(3)};

// Coverage of a sample whose smoothing spans ±w of the field around the outline.
float cover(vec2 uv, float w) {
  return smoothstep(EDGE - w, EDGE + w, texture(uAtlas, uv).r);
}

void main() {
  // Atlas px per screen px, from the UV's screen derivatives (stable at any size, unlike the
  // field's own, which jumps across strokes thinner than a pixel).
  vec2 dx = dFdx(vUV);
  vec2 dy = dFdy(vUV);
  vec2 size = vec2(textureSize(uAtlas, 0));
  float texels = 0.5 * (length(dx * size) + length(dy * size));
  // Four samples on a rotated grid, each smoothed over half a pixel: small text keeps
  // strokes thinner than a pixel (one sample at the centre misses them: "0" read as "C").
  float w = max(0.25 * texels / ${SDF_RADIUS.toFixed(1)}, 1e-4);
  float a = 0.25 * (cover(vUV + 0.125 * dx + 0.375 * dy, w) + cover(vUV - 0.375 * dx + 0.125 * dy, w)
    + cover(vUV + 0.375 * dx - 0.125 * dy, w) + cover(vUV - 0.125 * dx - 0.375 * dy, w));
  a *= vColor.a;
  if (a <= 0.0) discard;
  finalColor = vec4(vColor.rgb * a, a);
}
`;

/** The atlas as a texture; call `source.update()` after new glyphs were written. */
export function createAtlasTexture(atlas: GlyphAtlas): Texture {
  const source = new BufferImageSource({ resource: atlas.data, width: atlas.size, height: atlas.size, format: 'r8unorm', scaleMode: 'linear' });
  return new Texture({ source });
}

export function createLabelShader(atlas: Texture, style: SceneStyle): Shader {
  return style.track(Shader.from({ gl: { vertex: VERTEX, fragment: FRAGMENT, name: 'tbg-labels' }, resources: { ...style.resources(), uAtlas: atlas.source } }));
}

export function createLabelMesh(l: LabelGlyphs, shader: Shader): Mesh<Geometry, Shader> {
  const geometry = new Geometry({
    attributes: {
      aPosition: { buffer: l.position, format: 'float32x2' },
      aUV: { buffer: l.uv, format: 'float32x2' },
      aStyle: { buffer: l.style, format: 'float32x4' },
    },
    indexBuffer: l.index,
    topology: 'triangle-list',
  });
  return new Mesh({ geometry, shader });
}
