/**
 * One textured quad with a one-texture shader, for the view cache's picture. pixi's Sprite goes
 * through its batcher, whose fragment shader chooses among 16 textures by branching: on a
 * software GPU every fragment then pays for all of them (37 ms for a 1280 × 800 picture here,
 * 10 ms with this shader). The fade toward the background (under a hover) has a program of its
 * own: the mix costs SwiftShader 1.5–2.3 ms per frame, paid only while something is hovered.
 */
import { Geometry, Mesh, Shader, UniformGroup, type TextureSource } from 'pixi.js';

const VERTEX = /* glsl */ `#version 300 es
in vec2 aPosition;
in vec2 aUV;
uniform mat3 uProjectionMatrix;
uniform mat3 uWorldTransformMatrix;
uniform mat3 uTransformMatrix;
out vec2 vUV;

void main() {
  gl_Position = vec4((uProjectionMatrix * uWorldTransformMatrix * uTransformMatrix * vec3(aPosition, 1.0)).xy, 0.0, 1.0);
  vUV = aUV;
}
`;

const PLAIN = /* glsl */ `#version 300 es
precision highp float;
in vec2 vUV;
uniform sampler2D uPicture;
out vec4 finalColor;

void main() {
  finalColor = texture(uPicture, vUV);
}
`;

const FADED = /* glsl */ `#version 300 es
precision highp float;
in vec2 vUV;
uniform sampler2D uPicture;
// rgb: the colour faded toward (the background), a: how far (the hover fades the rest).
uniform vec4 uFadeTo;
out vec4 finalColor;

void main() {
  vec4 c = texture(uPicture, vUV);
  finalColor = vec4(mix(c.rgb, uFadeTo.rgb, uFadeTo.a), c.a);
}
`;

/** The picture's own uniforms: `uFadeTo` (see FADED). */
export type PictureUniforms = UniformGroup<{ uFadeTo: { value: Float32Array; type: 'vec4<f32>' } }>;

/** Uniforms for pictures (unfaded until set); one group may serve several pictures. */
export function createPictureUniforms(): PictureUniforms {
  return new UniformGroup({ uFadeTo: { value: new Float32Array(4), type: 'vec4<f32>' as const } });
}

/** The quad of a picture, and its two programs: as it is, and faded. */
export interface PictureMesh {
  mesh: Mesh<Geometry, Shader>;
  plain: Shader;
  faded: Shader;
}

/** A quad of `width` × `height` (CSS px) from its local origin, showing `source` whole (faded by `uniforms` with the `faded` program). */
export function createPictureMesh(source: TextureSource, width: number, height: number, uniforms: PictureUniforms): PictureMesh {
  const geometry = new Geometry({
    attributes: {
      aPosition: { buffer: new Float32Array([0, 0, width, 0, width, height, 0, height]), format: 'float32x2' },
      aUV: { buffer: new Float32Array([0, 0, 1, 0, 1, 1, 0, 1]), format: 'float32x2' },
    },
    indexBuffer: new Uint32Array([0, 1, 2, 0, 2, 3]),
    topology: 'triangle-list',
  });
  const plain = Shader.from({ gl: { vertex: VERTEX, fragment: PLAIN, name: 'tbg-view-picture' }, resources: { uPicture: source } });
  const faded = Shader.from({ gl: { vertex: VERTEX, fragment: FADED, name: 'tbg-view-picture-faded' }, resources: { uPicture: source, pictureUniforms: uniforms } });
  const mesh = new Mesh({ geometry, shader: plain });
  // Opaque (drawn over the background's colour): blending would only cost per pixel.
  mesh.state.blend = false;
  return { mesh, plain, faded };
}

/** Shows the picture faded (`fade` > 0) or as it is. */
export function usePictureProgram(p: PictureMesh, fade: number): void {
  const shader = fade > 0 ? p.faded : p.plain;
  if (p.mesh.shader !== shader) p.mesh.shader = shader;
}

/** The quad's geometry and its buffers, both programs and the mesh (a Mesh's own destroy keeps the first two). */
export function destroyPictureMesh(p: PictureMesh): void {
  p.mesh.geometry.destroy(true);
  p.plain.destroy();
  p.faded.destroy();
  p.mesh.destroy();
}
