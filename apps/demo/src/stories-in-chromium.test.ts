/**
 * Every story of the built demo in real headless Chromium, against the real `<tf-graph>`: it
 * loads (`graph-loaded`), the graph is drawn (pixels, overlays hidden), and nothing is logged as
 * an error. Screenshots go to test-output/ for a person to look at.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needChromium } from '@tbg/testkit';
import { hashOf } from './router.js';
import { STORIES, type Story } from './stories.js';
import { DemoBrowser, drawnGraph } from './test-support/demo-browser.js';
import { waitLoaded } from './test-support/page-recorder.js';
import { looksDrawn } from './test-support/pixels.js';

const SUITE = 'demo stories in headless Chromium';
const run = needChromium(SUITE);

/** Software WebGL on a shared 2-core machine: big graphs take their time. */
const LOAD_TIMEOUT: Record<string, number> = { '100k': 600_000, 'stress-10k': 600_000, '10k': 300_000 };
const loadTimeout = (s: Story) => LOAD_TIMEOUT[s.id] ?? 120_000;

let demo: DemoBrowser | undefined;
beforeAll(async () => {
  if (run) demo = await DemoBrowser.start();
});
afterAll(async () => {
  await demo?.close();
});

describe.skipIf(!run)(SUITE, () => {
  for (const story of STORIES.filter((s) => s.kind === 'graph')) {
    it(`${hashOf(story)}: loads, draws and logs no error`, async () => {
      const { page, errors } = await demo!.open(`/${hashOf(story)}`);
      try {
        const r = await waitLoaded(page, loadTimeout(story));
        expect(r.loaded[0]!.nodeCount).toBeGreaterThan(0);
        expect(await page.locator('.sidebar a[aria-current="page"]').textContent()).toBe(story.title);
        expect(await page.locator('.timings').isVisible()).toBe(true);
        const ink = await drawnGraph(page, `story-${story.group}-${story.id}`);
        expect(looksDrawn(ink), JSON.stringify(ink)).toBe(true);
        expect(errors).toEqual([]);
      } finally {
        await page.close();
      }
    }, loadTimeout(story) + 120_000);
  }
});
