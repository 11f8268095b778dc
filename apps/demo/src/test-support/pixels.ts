/**
 * Is the graph drawn? A screenshot of `<tf-graph>` is decoded in the page (createImageBitmap and
 * a 2D canvas: no PNG decoder needed in Node), leaving out whatever DOM the element lays over its
 * canvas (its toolbar, legend, messages), so that only the WebGL drawing is judged: the share of
 * pixels away from the dominant (background) colour, and how many colours there are.
 */
import type { Frame, Page } from 'playwright-core';

export interface InkStats {
  width: number;
  height: number;
  /** Share of judged pixels that differ from the most common colour by more than a tolerance. */
  ink: number;
  /** Distinct colours among judged pixels, quantised to 4 bits a channel. */
  colours: number;
}

/** [x, y, w, h] boxes, CSS px relative to the element. */
type Box = [number, number, number, number];

/**
 * The element's width and the boxes of everything in its shadow root but its canvas and the
 * canvas's ancestors.
 */
const OVERLAYS = `(el) => {
  const box = el.getBoundingClientRect();
  const root = el.shadowRoot;
  if (!root) return [];
  const keep = new Set();
  for (let n = root.querySelector('canvas'); n; n = n.parentElement) keep.add(n);
  const boxes = [];
  for (const n of root.querySelectorAll('*')) {
    if (keep.has(n)) continue;
    const r = n.getBoundingClientRect();
    if (r.width > 0 && r.height > 0) boxes.push([r.left - box.left, r.top - box.top, r.width, r.height]);
  }
  return { boxes, cssWidth: box.width };
}`;

const ANALYSE = `async ({ b64, boxes, cssWidth }) => {
  const blob = await (await fetch('data:image/png;base64,' + b64)).blob();
  const bmp = await createImageBitmap(blob);
  const [w, h] = [bmp.width, bmp.height];
  const c = new OffscreenCanvas(w, h);
  const g = c.getContext('2d');
  g.drawImage(bmp, 0, 0);
  const d = g.getImageData(0, 0, w, h).data;
  const s = w / cssWidth;
  const judged = new Uint8Array(w * h).fill(1);
  for (const [x, y, bw, bh] of boxes) {
    for (let j = Math.max(0, Math.floor(y * s)); j < Math.min(h, Math.ceil((y + bh) * s)); j++) {
      judged.fill(0, j * w + Math.max(0, Math.floor(x * s)), j * w + Math.min(w, Math.ceil((x + bw) * s)));
    }
  }
  const counts = new Map();
  let total = 0;
  for (let p = 0; p < w * h; p++) {
    if (!judged[p]) continue;
    const i = 4 * p;
    const key = ((d[i] >> 4) << 8) | ((d[i + 1] >> 4) << 4) | (d[i + 2] >> 4);
    counts.set(key, (counts.get(key) || 0) + 1);
    total++;
  }
  let bg = 0, best = -1;
  for (const [k, n] of counts) if (n > best) { best = n; bg = k; }
  const [br, bgn, bb] = [(bg >> 8) * 17, ((bg >> 4) & 15) * 17, (bg & 15) * 17];
  let ink = 0;
  for (let p = 0; p < w * h; p++) {
    const i = 4 * p;
    if (judged[p] && Math.abs(d[i] - br) + Math.abs(d[i + 1] - bgn) + Math.abs(d[i + 2] - bb) > 48) ink++;
  }
  return { width: w, height: h, ink: total ? ink / total : 0, colours: counts.size };
}`;

/** The demo's own panels over the stage are hidden for the screenshot. */
const HIDE_PAGE_PANELS = '.timings, .readout { visibility: hidden !important; }';

/** Enough of the element is drawn to call it a picture of a graph, not a blank canvas. */
export function looksDrawn(s: InkStats): boolean {
  return s.ink > 0.002 && s.colours > 2;
}

/**
 * Screenshots the `<tf-graph>` that `selector` finds in `where` (the page, or a frame of it) to
 * `path` and measures its ink, the element's overlays left out.
 */
export async function graphInk(page: Page, where: Page | Frame, selector: string, path: string): Promise<InkStats> {
  const png = await where.locator(selector).screenshot({ path, style: HIDE_PAGE_PANELS, timeout: 120_000 });
  const layout = await where.evaluate<{ boxes: Box[]; cssWidth: number }>(`(${OVERLAYS})(document.querySelector(${JSON.stringify(selector)}))`);
  return page.evaluate<InkStats>(`(${ANALYSE})(${JSON.stringify({ b64: png.toString('base64'), ...layout })})`);
}
