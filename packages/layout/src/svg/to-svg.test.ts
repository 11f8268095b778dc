import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { hasShared } from '@tbg/testkit';
import { GOLDEN_VIEWS, goldenGeometry } from '../test-support/golden.js';
import { createInlineRunner } from '../worker/inline-runner.js';
import { KIND_OP, SHAPE_ELLIPSE, type Geometry } from '../geometry/types.js';
import { toSVG } from './to-svg.js';

const here = dirname(fileURLToPath(import.meta.url));
const runner = createInlineRunner();
afterAll(() => runner.close());

describe.skipIf(!hasShared())('golden SVGs of the small fixtures', () => {
  for (const view of GOLDEN_VIEWS) {
    it(`${view.id} matches src/svg/golden/${view.id}.svg`, async () => {
      const svg = toSVG(await goldenGeometry(view, runner));
      const path = join(here, 'golden', `${view.id}.svg`);
      // A golden is only ever written on request, or created once outside CI (then reviewed).
      if (!existsSync(path) && process.env.CI) throw new Error(`missing golden ${path}`);
      if (process.env.UPDATE_GOLDEN || !existsSync(path)) {
        mkdirSync(dirname(path), { recursive: true });
        writeFileSync(path, svg);
      }
      expect(svg === readFileSync(path, 'utf8'), `${view.id}: the SVG changed; review it (pnpm --filter @tbg/layout test:golden) and rerun with UPDATE_GOLDEN=1`).toBe(true);
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
      kind: Uint8Array.from([1, KIND_OP]),
      flags: Uint16Array.from([1 | 16, 0]),
      box: Float32Array.from([0, 0, 40, 20, 5, 2, 30, 16]),
      shape: Float32Array.from([0, 0, 40, 20, 12, 10, 15, 6]),
      shapeKind: Uint8Array.from([0, SHAPE_ELLIPSE]),
      radius: Float32Array.from([0, 0]),
      label: ['', label],
      labelXY: Float32Array.from([0, 0, 20, 5]),
      labelPx: Float32Array.from([0, 6]),
      labelAlign: Uint8Array.from([0, 0]),
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
