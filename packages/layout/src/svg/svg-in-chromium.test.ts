/**
 * What a person sees: the golden views rendered by real headless Chromium with the embedded
 * font. Checks that the page shows a drawing (not a blank or broken image), that every label
 * Chromium lays out has the width our DOM-free measurer gave it, and writes the PNGs to
 * test-output/ for review.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumLaunchOptions, needChromium, needShared } from '@tbg/testkit';
import { robotoFontFaceCss } from '../text/font-face.js';
import { roboto } from '../text/roboto.js';
import { toSVG } from './to-svg.js';
import { GOLDEN_VIEWS, goldenGeometry } from '../test-support/golden.js';
import { createInlineRunner } from '../worker/inline-runner.js';

const outDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'test-output', 'golden');
const SUITE = 'golden views in headless Chromium';
const available = needChromium(SUITE) && needShared(SUITE);

let browser: Browser;
const runner = createInlineRunner();
beforeAll(async () => {
  if (available) browser = await chromium.launch(chromiumLaunchOptions());
});
afterAll(async () => {
  await browser?.close();
  await runner.close();
});

describe.skipIf(!available)(SUITE, () => {
  for (const view of GOLDEN_VIEWS) {
    it(`${view.id}: draws, and Chromium's label widths equal the measurer's`, async () => {
      const svg = toSVG(await goldenGeometry(view, runner), { fontFaceCss: robotoFontFaceCss() });
      const page = await browser.newPage({ viewport: { width: 1200, height: 900 }, deviceScaleFactor: 2 });
      try {
        await page.setContent(`<!doctype html><html><body style="margin:0;background:#fff">${svg}</body></html>`);
        // In-page code is a string: this package is compiled without DOM types, on purpose.
        const info = await page.evaluate<{ fontLoaded: boolean; labels: Array<{ text: string; px: number; width: number }> }>(`(async () => {
          await document.fonts.ready;
          const texts = [...document.querySelectorAll('svg text')].filter((t) => !t.querySelector('textPath'));
          return {
            fontLoaded: document.fonts.check('10px Roboto'),
            labels: texts.map((t) => ({ text: t.textContent ?? '', px: Number(t.getAttribute('font-size')), width: t.getComputedTextLength() })),
          };
        })()`);
        expect(info.fontLoaded).toBe(true);
        expect(info.labels.length).toBeGreaterThan(3);
        // SVG text advances glyphs a hair differently from canvas, which the measurer matches
        // exactly (≈0.15 % here); a fallback font would be 5–15 % off.
        for (const l of info.labels) {
          const want = roboto.width(l.text, l.px);
          expect(Math.abs(l.width - want), `"${l.text}" at ${l.px}px`).toBeLessThanOrEqual(Math.max(0.05, want * 0.005));
        }
        // Pixels: the image is mostly white, with the grey of groups and edges and dark label text.
        const png = await page.locator('svg').screenshot();
        mkdirSync(outDir, { recursive: true });
        writeFileSync(join(outDir, `${view.id}.png`), png);
        const stats = await page.evaluate<{ pixels: number; ink: number; dark: number; grey: number }>(`(async (src) => {
          const img = new Image();
          img.src = src;
          await img.decode();
          const c = document.createElement('canvas');
          c.width = img.naturalWidth;
          c.height = img.naturalHeight;
          const ctx = c.getContext('2d');
          ctx.drawImage(img, 0, 0);
          const d = ctx.getImageData(0, 0, c.width, c.height).data;
          let ink = 0, dark = 0, grey = 0;
          for (let i = 0; i < d.length; i += 4) {
            const r = d[i], g = d[i + 1], b = d[i + 2];
            if (r < 250 || g < 250 || b < 250) ink++;
            if (r < 110 && g < 110 && b < 110) dark++;
            if (Math.abs(r - g) < 6 && Math.abs(g - b) < 6 && r > 150 && r < 235) grey++;
          }
          return { pixels: d.length / 4, ink, dark, grey };
        })(${JSON.stringify(`data:image/png;base64,${png.toString('base64')}`)})`);
        expect(stats.ink / stats.pixels).toBeGreaterThan(0.02);
        expect(stats.ink / stats.pixels).toBeLessThan(0.9);
        expect(stats.dark).toBeGreaterThan(50);
        expect(stats.grey).toBeGreaterThan(200);
      } finally {
        await page.close();
      }
    });
  }
});
