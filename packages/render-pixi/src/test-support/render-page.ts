/**
 * The page side of the Chromium tests, bundled by esbuild: revives a geometry sent as JSON,
 * draws it with GraphRenderer on a canvas and reads pixels back at world points.
 */
import type { Geometry } from '@tbg/layout';
import { worldToScreen } from '../scene/camera.js';
import { GraphRenderer, type FrameStats } from '../pixi/graph-renderer.js';
import { plainPaint, type NodePaint } from '../style/paint.js';

/** A typed array as JSON: its constructor's name and its values. */
export interface PackedArray {
  type: string;
  values: number[];
}

type Packed = Record<string, unknown>;

const CTORS: Record<string, new (v: number[]) => ArrayBufferView> = {
  Int32Array,
  Uint8Array,
  Uint16Array,
  Uint32Array,
  Float32Array,
};

function revive(v: unknown): unknown {
  if (v && typeof v === 'object' && 'type' in v && 'values' in v) {
    const p = v as PackedArray;
    return new CTORS[p.type]!(p.values);
  }
  if (v && typeof v === 'object' && !Array.isArray(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, revive(x)]));
  return v;
}

let renderer: GraphRenderer | null = null;

async function show(packed: Packed, width: number, height: number, paint?: Packed): Promise<FrameStats> {
  const canvas = document.createElement('canvas');
  canvas.style.width = `${width}px`;
  canvas.style.height = `${height}px`;
  document.body.appendChild(canvas);
  renderer = await GraphRenderer.create({ canvas, width, height });
  const g = revive(packed) as Geometry;
  renderer.setGeometry(g, paint ? (revive(paint) as NodePaint) : plainPaint(g));
  return renderer.render();
}

/** RGB at each world point, read from the canvas right after a frame. */
function probe(points: Array<[number, number]>): Array<[number, number, number]> {
  const r = renderer!;
  const src = document.querySelector('canvas')!;
  const copy = document.createElement('canvas');
  copy.width = src.width;
  copy.height = src.height;
  r.render();
  const ctx = copy.getContext('2d')!;
  ctx.drawImage(src, 0, 0);
  return points.map(([wx, wy]) => {
    const [sx, sy] = worldToScreen(r.camera, wx, wy);
    const d = ctx.getImageData(Math.round(sx), Math.round(sy), 1, 1).data;
    return [d[0]!, d[1]!, d[2]!];
  });
}

function zoom(factor: number, wx: number, wy: number): FrameStats {
  const r = renderer!;
  const c = r.camera;
  const [sx, sy] = worldToScreen(c, wx, wy);
  const scale = c.scale * factor;
  r.setCamera({ scale, x: sx - wx * scale, y: sy - wy * scale });
  return r.render();
}

/** Centres world point (wx, wy) at `scale` screen px per world px, and draws. */
function focus(wx: number, wy: number, scale: number): FrameStats {
  const r = renderer!;
  const canvas = document.querySelector('canvas')!;
  r.setCamera({ scale, x: canvas.clientWidth / 2 - wx * scale, y: canvas.clientHeight / 2 - wy * scale });
  return r.render();
}

function destroy(): void {
  renderer?.destroy();
  renderer = null;
  document.querySelector('canvas')?.remove();
}

Object.assign(globalThis, { tbgRender: { show, probe, zoom, focus, destroy } });
