/**
 * A render worker for the Chromium test: draws a geometry with GraphRenderer on the canvas the
 * page transferred (an OffscreenCanvas), and answers with the frame's stats.
 */
import type { Geometry } from '@tbg/layout';
import { GraphRenderer, type FrameStats } from '../pixi/graph-renderer.js';
import { useWorkerAdapter } from '../pixi/worker-adapter.js';
import { plainPaint } from '../style/paint.js';
import { revive } from './packed-json.js';

interface Draw {
  canvas: OffscreenCanvas;
  geometry: Record<string, unknown>;
  width: number;
  height: number;
}

useWorkerAdapter();
let renderer: GraphRenderer | null = null;

self.onmessage = async (ev: MessageEvent<Draw>) => {
  try {
    const { canvas, width, height } = ev.data;
    const g = revive(ev.data.geometry) as Geometry;
    renderer = await GraphRenderer.create({ canvas, width, height });
    renderer.setGeometry(g, plainPaint(g));
    // Drawn at the worker's next animation frame, when Chromium commits it to the page's canvas.
    const stats = await new Promise<FrameStats>((resolve) => {
      const off = renderer!.onFrame((f) => {
        off();
        resolve(f.stats);
      });
      renderer!.requestRender();
    });
    const camera = renderer.camera;
    // The frame reaches the page's canvas when this task ends.
    self.postMessage({ stats, camera, fonts: [...(self as unknown as { fonts: Iterable<FontFace> }).fonts].length });
  } catch (e) {
    self.postMessage({ error: String((e as Error)?.stack ?? e) });
  }
};
