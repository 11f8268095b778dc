import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pngSize } from '@tbg/events';
import { fixturePath, needShared } from '@tbg/testkit';
import { writeExampleLogdir } from '../example/write-example-logdir.js';
import { runTbg, TBG_BIN as bin } from '../test-support/tbg-bin.js';
import { STRUCTURE_COLORS, structureColor } from '@tbg/render-pixi/style';
import { cssHex } from './node-colors.js';
import { pngSizeFor } from './png-via-chromium.js';

const run = (...args: string[]) => runTbg('render', args);
const tmp = mkdtempSync(join(tmpdir(), 'tbg-render-test-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

interface Result { out: string; format: string; nodes: number; edges: number; width: number; height: number }
const result = (r: { stdout: string; stderr: string; status: number | null }): Result => {
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as Result;
};
const svgSize = (svg: string) => /<svg[^>]*width="([\d.]+)" height="([\d.]+)"/.exec(svg)!.slice(1).map(Number);

const example = join(tmp, 'example');
const [trainFile] = writeExampleLogdir(example, { steps: 1 }).files;

describe.skipIf(!needShared('tbg render'))('tbg render', () => {
  it('is built (turbo builds before testing)', () => expect(existsSync(bin), bin).toBe(true));

  it('writes the SVG of the chosen view, coloured by structure by default', () => {
    const out = join(tmp, 'xla.svg');
    const r = result(run(fixturePath('graphs', 'tb_demo_xla_118.pbtxt'), '-o', out, '--expand', 'all'));
    expect(r).toMatchObject({ out, format: 'svg', nodes: 108 });
    const svg = readFileSync(out, 'utf8');
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).toContain('@font-face');
    expect(svg).toContain('>gradients</text>');
    expect(svgSize(svg)).toEqual([r.width, r.height]);
  });

  it('--color-by structure gives the layers\' twin scopes one colour; device colours by device; none by kind only', () => {
    const paint = (mode: string) => {
      const out = join(tmp, `example-${mode}.svg`);
      result(run(trainFile!, '-o', out, '--expand', 'depth=1', '--color-by', mode));
      return readFileSync(out, 'utf8');
    };
    // layer1/weights and layer2/weights share a structure, so one fill from the template palette.
    const fillsOf = (svg: string, label: string) => [...svg.matchAll(new RegExp(`<rect [^>]*fill="(#[0-9a-f]{6})"[^>]*/>\\n<text[^>]*>${label}</text>`, 'g'))].map((m) => m[1]);
    const structure = paint('structure');
    const templateColours = [...Array(STRUCTURE_COLORS).keys()].map((k) => cssHex(structureColor(k)));
    const weights = fillsOf(structure, 'weights');
    expect(weights).toHaveLength(2);
    expect(weights[0]).toBe(weights[1]);
    expect(templateColours).toContain(weights[0]);
    expect(fillsOf(structure, 'biases')[0]).not.toBe(weights[0]);
    const device = paint('device');
    expect(device).toContain(`fill="${cssHex(structureColor(0))}"`);
    expect(device).toContain(`fill="${cssHex(structureColor(1))}"`);
    // No op of this graph is on a TPU: every node is the compatible green.
    expect(paint('op-compatibility')).toContain('fill="#0f9d58"');
    const none = paint('none');
    expect(fillsOf(none, 'weights')).toEqual(['#d9d9d9', '#d9d9d9']);
    for (const c of templateColours) expect(none).not.toContain(`fill="${c}"`);
  });

  it('--orientation horizontal lays the flow left to right', () => {
    const size = (o: string) => {
      const out = join(tmp, `o-${o}.svg`);
      const r = result(run(trainFile!, '-o', out, '--orientation', o));
      return r.width / r.height;
    };
    const vertical = size('vertical');
    const horizontal = size('horizontal');
    expect(horizontal).toBeGreaterThan(1);
    expect(horizontal).toBeGreaterThan(vertical * 2);
  });

  it('writes a PNG through headless Chromium, of the SVG\'s size times --scale', () => {
    const svg = join(tmp, 'ex.svg');
    const s = result(run(trainFile!, '-o', svg));
    const out = join(tmp, 'ex.png');
    const r = result(run(trainFile!, '-o', out, '--scale', '2'));
    expect(r.format).toBe('png');
    const bytes = new Uint8Array(readFileSync(out));
    expect(pngSize(bytes)).toEqual({ width: r.width, height: r.height });
    expect([r.width, r.height]).toEqual([Math.round(s.width * 2), Math.round(s.height * 2)]);
    // Not a blank page: a PNG of a drawn graph compresses to well over a blank one.
    expect(bytes.length).toBeGreaterThan(20_000);
  });

  it('without Chromium, PNG is a one-line error; SVG still works', () => {
    const env = { ...process.env, CHROME_PATH: join(tmp, 'no-chromium') };
    const png = spawnSync(process.execPath, [bin, 'render', trainFile!, '-o', join(tmp, 'x.png')], { encoding: 'utf8', env });
    expect(png.status).toBe(1);
    expect(png.stderr).toBe(`tbg render: PNG needs Chromium, and CHROME_PATH=${join(tmp, 'no-chromium')} does not exist; write an .svg, or point CHROME_PATH at a Chromium or Chrome\n`);
    expect(existsSync(join(tmp, 'x.png'))).toBe(false);
    const svg = spawnSync(process.execPath, [bin, 'render', trainFile!, '-o', join(tmp, 'x.svg')], { encoding: 'utf8', env });
    expect(svg.status).toBe(0);
  });

  it('big pictures are shrunk to fit Chromium\'s limit', () => {
    expect(pngSizeFor(40_000, 1000, 1)).toEqual({ width: 16_000, height: 400, scale: 0.4 });
    expect(pngSizeFor(500, 300, 2)).toEqual({ width: 1000, height: 600, scale: 2 });
  });

  it('bad usage exits 2; a file with no op graph exits 1; --help exits 0', () => {
    const gd = fixturePath('graphs', 'tb_demo_xla_118.pbtxt');
    const help = run('--help');
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^usage: tbg render FILE -o OUT\.svg\|OUT\.png/);
    expect(run(gd).stderr).toMatch(/^tbg render: missing -o OUT\.svg or OUT\.png\n/);
    expect(run(gd, '-o', join(tmp, 'a.jpg')).status).toBe(2);
    expect(run(gd, '-o', join(tmp, 'a.svg'), '--color-by', 'rainbow').stderr).toMatch(/bad --color-by rainbow: structure, device, xla-cluster, op-compatibility, none/);
    expect(run(gd, '-o', join(tmp, 'a.svg'), '--orientation', 'up').status).toBe(2);
    expect(run(gd, '-o', join(tmp, 'a.svg'), '--scale', '2').stderr).toMatch(/--scale applies to PNG output/);
    const rm = run(fixturePath('graphs', 'tb_run_metadata_step99.pbtxt'), '-o', join(tmp, 'rm.svg'));
    expect(rm.status).toBe(1);
    expect(rm.stderr).toMatch(/a RunMetadata with step stats but no graph/);
    expect(existsSync(join(tmp, 'rm.svg'))).toBe(false);
  });
});
