import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { needShared } from '@tbg/testkit';
import { GOLDEN_VIEWS, goldenGeometry } from '../test-support/golden.js';
import { createInlineRunner } from '../worker/inline-runner.js';
import { LabelAlign, NodeFlag, NodeKind, ShapeKind, type Geometry } from '../geometry/types.js';
import { toSVG } from './to-svg.js';

const here = dirname(fileURLToPath(import.meta.url));
const runner = createInlineRunner();
afterAll(() => runner.close());

/** Goldens are (re)written only on request, after reviewing the change. */
const update = !!process.env['UPDATE_GOLDEN'] && process.env['UPDATE_GOLDEN'] !== '0';
const HOW = 'UPDATE_GOLDEN=1 pnpm --filter @tbg/layout exec vitest run src/svg/to-svg.test.ts';

describe.skipIf(!needShared('golden SVGs of the small fixtures'))('golden SVGs of the small fixtures', () => {
  for (const view of GOLDEN_VIEWS) {
    it(`${view.id} matches src/svg/golden/${view.id}.svg`, async () => {
      const svg = toSVG(await goldenGeometry(view, runner));
      const path = join(here, 'golden', `${view.id}.svg`);
      if (update) {
        mkdirSync(dirname(path), { recursive: true });
        writeFileSync(path, svg);
        return;
      }
      if (!existsSync(path)) throw new Error(`missing golden src/svg/golden/${view.id}.svg: create it with ${HOW}, then review it (and its PNG from svg-in-chromium.test.ts in test-output/golden/)`);
      expect(svg === readFileSync(path, 'utf8'), `${view.id}: the SVG changed; review it, then rewrite the goldens with ${HOW}`).toBe(true);
    });
  }
});

/** A one-op geometry, by hand. */
function tinyGeometry(label: string): Geometry {
  return {
    width: 40,
    height: 20,
    nodes: {
      count: 2,
      ref: Int32Array.from([1, 0]),
      parent: Int32Array.from([-1, 0]),
      kind: Uint8Array.from([NodeKind.meta, NodeKind.op]),
      flags: Uint16Array.from([NodeFlag.expanded | NodeFlag.root, 0]),
      box: Float32Array.from([0, 0, 40, 20, 5, 2, 30, 16]),
      shape: Float32Array.from([0, 0, 40, 20, 12, 10, 15, 6]),
      shapeKind: Uint8Array.from([ShapeKind.none, ShapeKind.ellipse]),
      radius: Float32Array.from([0, 0]),
      label: ['', label],
      labelXY: Float32Array.from([0, 0, 20, 5]),
      labelPx: Float32Array.from([0, 6]),
      labelAlign: Uint8Array.from([LabelAlign.middle, LabelAlign.middle]),
    },
    edges: { count: 0, owner: new Int32Array(0), v: new Int32Array(0), w: new Int32Array(0), metaedge: new Int32Array(0), flags: new Uint8Array(0), width: new Float32Array(0), arrow: new Float32Array(0), label: [], pointStart: Uint32Array.from([0]), points: new Float32Array(0) },
    annotations: { count: 0, host: new Int32Array(0), side: new Uint8Array(0), type: new Uint8Array(0), target: new Int32Array(0), box: new Float32Array(0), shapeKind: new Uint8Array(0), edgeFlags: new Uint8Array(0), label: [], labelXY: new Float32Array(0), edge: new Float32Array(0) },
  };
}

describe('toSVG', () => {
  it('escapes labels and keeps the document well formed', () => {
    const svg = toSVG(tinyGeometry('a<b>&"c\''));
    expect(svg).toContain('a&lt;b&gt;&amp;&quot;c&#39;');
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.trim().endsWith('</svg>')).toBe(true);
    // Every opened element is closed.
    const opened = (svg.match(/<(g|svg|text|style|textPath)\b/g) ?? []).length;
    const closed = (svg.match(/<\/(g|svg|text|style|textPath)>/g) ?? []).length;
    expect(closed).toBe(opened);
  });

  it('embeds a font face and applies a fill callback', () => {
    const svg = toSVG(tinyGeometry('op'), { fontFaceCss: '@font-face{font-family:X}', fill: (i) => (i === 1 ? '#123456' : null) });
    expect(svg).toContain('<style>@font-face{font-family:X}</style>');
    expect(svg).toMatch(/<ellipse [^>]*fill="#123456"/);
  });
});
