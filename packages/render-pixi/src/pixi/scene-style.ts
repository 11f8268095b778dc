/**
 * What every shader of the scene shares: one uniform group (theme colours, the level-of-detail
 * switches, hover fading, the scene's fade-in) and the highlight state texture (one byte per node
 * and per edge, read in the vertex shaders). Changing a theme, the zoom level's LOD or a
 * highlight touches only these, never a vertex buffer.
 */
import { BufferImageSource, UniformGroup, type Shader } from 'pixi.js';
import { unitRgb } from '../style/palette.js';
import type { Theme } from '../style/theme.js';

/** Width of the state texture; slot s is texel (s mod width, s div width). */
export const STATE_TEXTURE_WIDTH = 2048;

/** The GLSL declarations of the shared uniforms, for each shader's source. */
export const STYLE_GLSL = /* glsl */ `
uniform highp sampler2D uState;
uniform float uLod;
uniform float uPlain;
uniform float uHovering;
uniform float uPass;
uniform float uFade;
uniform float uSceneAlpha;
uniform float uInvertFills;
uniform vec3 uBackground;
uniform vec3 uEdge;
uniform vec3 uControlEdge;
uniform vec3 uRefEdge;
uniform vec3 uAnnotationEdge;
uniform vec3 uLabel;
uniform vec3 uEdgeLabel;
uniform vec3 uSelection;
uniform vec3 uButton;
uniform vec3 uButtonSign;

// Passes (ScenePass): 0 the scene itself; 1 the view cache's picture, which leaves the hover
// out (only the selection bit counts); 2 the hover over that picture: only what is lit.
int stateAt(float slot) {
  int s = int(slot + 0.5);
  int state = int(texelFetch(uState, ivec2(s % ${STATE_TEXTURE_WIDTH}, s / ${STATE_TEXTURE_WIDTH}), 0).r * 255.0 + 0.5);
  return uPass > 0.5 && uPass < 1.5 ? state & 1 : state;
}

// In the hover's pass, what is not lit is not drawn (the picture under it shows it, faded).
bool unlitInPass(int state) {
  return uPass > 1.5 && state == 0;
}

// Nodes and edges away from the hovered one fade toward the background: in the scene itself,
// and in the hover's pass what it draws only for lying inside a hovered group (bit 8).
vec3 faded(vec3 c, int state) {
  return uHovering > 0.5 && (uPass < 0.5 || uPass > 1.5) && (state & 7) == 0 ? mix(c, uBackground, uFade) : c;
}
`;

export type ScalarUniform = 'uLod' | 'uPlain' | 'uHovering' | 'uPass' | 'uFade' | 'uSceneAlpha' | 'uInvertFills';

/** What a render of the scene's meshes draws (`uPass`): see `stateAt` in STYLE_GLSL. */
export const ScenePass = { scene: 0, picture: 1, hover: 2 } as const;

const vec3 = () => ({ value: new Float32Array(3), type: 'vec3<f32>' as const });
const f32 = (value: number) => ({ value, type: 'f32' as const });

const COLOUR_UNIFORMS = {
  uBackground: 'background',
  uEdge: 'edge',
  uControlEdge: 'controlEdge',
  uRefEdge: 'refEdge',
  uAnnotationEdge: 'annotationEdge',
  uLabel: 'label',
  uEdgeLabel: 'edgeLabel',
  uSelection: 'selection',
  uButton: 'expandButton',
  uButtonSign: 'expandButtonSign',
} as const satisfies Record<string, keyof Theme>;

export class SceneStyle {
  readonly uniforms = new UniformGroup({
    uLod: f32(1),
    uPlain: f32(0),
    uHovering: f32(0),
    uPass: f32(ScenePass.scene),
    uFade: f32(0.5),
    uSceneAlpha: f32(1),
    uInvertFills: f32(0),
    ...Object.fromEntries(Object.keys(COLOUR_UNIFORMS).map((k) => [k, vec3()])),
  });
  /** One byte per state slot (nodes, then edges). */
  states = new Uint8Array(STATE_TEXTURE_WIDTH);
  stateSource = SceneStyle.stateTexture(this.states);
  private readonly shaders: Shader[] = [];

  private static stateTexture(data: Uint8Array): BufferImageSource {
    return new BufferImageSource({ resource: data, width: STATE_TEXTURE_WIDTH, height: data.length / STATE_TEXTURE_WIDTH, format: 'r8unorm', scaleMode: 'nearest' });
  }

  /** The resources a scene shader binds. */
  resources(): { uStyle: UniformGroup; uState: BufferImageSource } {
    return { uStyle: this.uniforms, uState: this.stateSource };
  }

  /** Keeps `shader`'s state texture current when it is replaced. */
  track(shader: Shader): Shader {
    this.shaders.push(shader);
    return shader;
  }

  /** Room for `slots` states, all cleared. */
  resetStates(slots: number): void {
    const rows = Math.max(1, Math.ceil(slots / STATE_TEXTURE_WIDTH));
    if (rows * STATE_TEXTURE_WIDTH !== this.states.length) {
      const old = this.stateSource;
      this.states = new Uint8Array(rows * STATE_TEXTURE_WIDTH);
      this.stateSource = SceneStyle.stateTexture(this.states);
      for (const s of this.shaders) s.resources.uState = this.stateSource;
      old.destroy();
    } else {
      this.states.fill(0);
      this.stateSource.update();
    }
  }

  /** Uploads the state bytes after a highlight change. */
  statesChanged(hovering: boolean): void {
    this.stateSource.update();
    this.set('uHovering', hovering ? 1 : 0);
  }

  setTheme(t: Theme): void {
    for (const [name, key] of Object.entries(COLOUR_UNIFORMS)) {
      const c = t[key];
      (this.values()[name] as Float32Array).set(unitRgb(c));
    }
    this.set('uFade', t.fade);
    this.set('uInvertFills', t.nodeFills === 'inverted' ? 1 : 0);
  }

  set(name: ScalarUniform, value: number): void {
    this.values()[name] = value;
  }

  get(name: ScalarUniform): number {
    return this.values()[name] as number;
  }

  private values(): Record<string, number | Float32Array> {
    return this.uniforms.uniforms;
  }

  destroy(): void {
    this.stateSource.destroy();
  }
}
