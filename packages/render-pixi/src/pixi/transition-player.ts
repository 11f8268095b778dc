/**
 * Plays the expand/collapse animation (scene/transition.ts) over the new scene: for its duration
 * the node shapes are drawn by one untiled mesh per depth whose boxes are rewritten every
 * animation frame (moving, growing, fading in), while the new edges, labels, annotations and
 * buttons fade in through one uniform; then those meshes go and the new scene is drawn as built.
 * `requestAnimationFrame` exists in workers too.
 */
import type { Shader } from 'pixi.js';
import type { Geometry } from '@tbg/layout';
import { easeInOut } from '../scene/camera.js';
import type { LodThresholds } from '../scene/lod.js';
import { buildNodeQuads, type NodeQuads } from '../scene/node-quads.js';
import type { NodeIndex } from '../scene/spatial-index.js';
import { planTransition, shapesAt, type TransitionPlan } from '../scene/transition.js';
import type { NodePaint } from '../style/paint.js';
import type { DepthSlot, SceneMesh } from './scene-builder.js';
import type { SceneStyle } from './scene-style.js';
import { createNodeMesh } from './shape-shader.js';

/** Beyond this many nodes the new scene shows at once: rewriting every box each frame would cost more than the animation is worth. */
export const MAX_ANIMATED_NODES = 20_000;

export interface TransitionSpec {
  prev: Geometry;
  next: Geometry;
  paint: NodePaint;
  lod: LodThresholds;
  index: NodeIndex;
  slots: DepthSlot[][];
  durationMs: number;
}

interface Morph {
  items: Uint32Array;
  quads: NodeQuads;
  mesh: SceneMesh;
}

export class TransitionPlayer {
  private morphs: Morph[] = [];
  private frame = 0;
  private plan: TransitionPlan | null = null;
  private spec: TransitionSpec | null = null;
  private shapes = new Float32Array(0);
  private alpha = new Uint8Array(0);

  /** `draw` renders a frame; `done` is called once the animation ended (not when cancelled). */
  constructor(
    private readonly shader: Shader,
    private readonly style: SceneStyle,
    private readonly draw: () => void,
  ) {}

  get active(): boolean {
    return this.spec !== null;
  }

  /** Starts animating from `spec.prev` to `spec.next` (whose scene is already built); `done` after the last frame. */
  start(spec: TransitionSpec, done: () => void): void {
    this.cancel();
    this.spec = spec;
    this.plan = planTransition(spec.prev, spec.next);
    this.shapes = new Float32Array(spec.next.nodes.shape.length);
    this.alpha = new Uint8Array(spec.next.nodes.count);
    this.buildMorphs(spec);
    this.write(0);
    const t0 = performance.now();
    const tick = (now: number) => {
      const t = Math.min(1, Math.max(0, (now - t0) / Math.max(1, spec.durationMs)));
      if (t >= 1) {
        this.cancel();
        done();
        return;
      }
      this.write(easeInOut(t));
      this.draw();
      this.frame = requestAnimationFrame(tick);
    };
    this.frame = requestAnimationFrame(tick);
  }

  /** Stops and removes the animation's meshes (the scene under them stays). */
  cancel(): void {
    if (this.frame) cancelAnimationFrame(this.frame);
    this.frame = 0;
    for (const m of this.morphs) m.mesh.destroy();
    this.morphs = [];
    this.spec = null;
    this.plan = null;
    this.style.set('uSceneAlpha', 1);
  }

  /** One mesh per depth, under that depth's tiled node meshes (which are hidden meanwhile). */
  private buildMorphs(spec: TransitionSpec): void {
    const byDepth: number[][] = [];
    for (let i = 0; i < spec.next.nodes.count; i++) (byDepth[spec.index.depth[i]!] ??= []).push(i);
    byDepth.forEach((list, d) => {
      const slot = spec.slots[d]?.[0];
      if (!slot || !list.length) return;
      const items = Uint32Array.from(list);
      const quads = buildNodeQuads(spec.next, items, spec.paint, spec.lod);
      const mesh = createNodeMesh(quads, this.shader);
      slot.container.addChildAt(mesh, 0);
      this.morphs.push({ items, quads, mesh });
    });
  }

  /** Boxes and opacities at progress t, into the morph meshes' buffers. */
  private write(t: number): void {
    const { spec, plan } = this;
    if (!spec || !plan) return;
    const g = { ...spec.next, nodes: { ...spec.next.nodes, shape: shapesAt(plan, spec.next, t, this.shapes) } };
    for (let i = 0; i < this.alpha.length; i++) this.alpha[i] = plan.fresh[i] ? Math.round(255 * t) : 255;
    for (const m of this.morphs) {
      buildNodeQuads(g, m.items, spec.paint, spec.lod, { into: m.quads, alpha: this.alpha });
      for (const b of m.mesh.geometry.buffers) b.update();
    }
    // Edges, labels, annotations and buttons appear late: they sit at their final places.
    this.style.set('uSceneAlpha', t * t);
  }
}
