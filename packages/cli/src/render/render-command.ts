/**
 * tbg render FILE -o out.svg|out.png [--expand none|all|depth=N] [--color-by MODE]
 *   [--orientation vertical|horizontal] [--scale S]
 * Lays the graph out (as `tbg layout` does) and writes the view as a picture: SVG directly, PNG
 * through a headless Chromium.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, extname } from 'node:path';
import { parseExpandMode, robotoFontFaceCss, toSVG, type Direction, type ExpandMode } from '@tbg/layout';
import { layOut } from '../layout/lay-out.js';
import { loadOpGraph } from '../shell/load-graph-file.js';
import { usageError, type CliSpec } from '../shell/run-cli.js';
import { COLOR_MODES, nodeFill, type ColorMode } from './node-colors.js';
import { findChromium, svgSize, svgToPng } from './png-via-chromium.js';

const USAGE = `usage: tbg render FILE -o OUT.svg|OUT.png [--expand none|all|depth=N] [--color-by MODE]
                  [--orientation vertical|horizontal] [--scale S]

FILE: any graph source tbg layout takes. Writes the laid-out view as a picture.
  -o, --out PATH     .svg, or .png (drawn by headless Chromium: CHROME_PATH, or /usr/bin/chromium)
  --expand MODE      none (default: the top-level scopes), all, or depth=N
  --color-by MODE    structure (default: metanodes of one structure share a colour), device,
                     xla-cluster, op-compatibility (TPU: green compatible, red not), none
  --orientation O    vertical (default: inputs at the bottom, as TensorBoard) or horizontal
  --scale S          PNG pixels per SVG unit (default 1; a side is at most 16000 px)
Prints {out, format, nodes, edges, width, height}.`;

const ORIENTATIONS: Record<string, Direction> = { vertical: 'UP', horizontal: 'RIGHT' };

interface Args {
  file: string;
  out: string;
  format: 'svg' | 'png';
  mode: ExpandMode;
  color: ColorMode;
  direction: Direction;
  scale: number;
}

function parseArgs(args: string[]): Args {
  let file: string | undefined;
  let out: string | undefined;
  let mode: ExpandMode = { kind: 'none' };
  let color: ColorMode = 'structure';
  let direction: Direction = 'UP';
  let scale = 1;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const value = () => args[++i] ?? usageError(`${a} needs a value`);
    if (a === '-o' || a === '--out') out = value();
    else if (a === '--expand') mode = parseExpandMode(value()) ?? usageError(`bad --expand ${args[i]}: none, all or depth=N`);
    else if (a === '--color-by') {
      const v = value();
      color = (COLOR_MODES as readonly string[]).includes(v) ? (v as ColorMode) : usageError(`bad --color-by ${v}: ${COLOR_MODES.join(', ')}`);
    } else if (a === '--orientation') {
      const v = value();
      direction = ORIENTATIONS[v] ?? usageError(`bad --orientation ${v}: vertical or horizontal`);
    } else if (a === '--scale') {
      scale = Number(value());
      if (!(scale > 0 && scale <= 8)) usageError('--scale needs a number in (0, 8]');
    } else if (a.startsWith('-')) usageError(`unknown option ${a}`);
    else if (file === undefined) file = a;
    else usageError('only one FILE');
  }
  if (!file) usageError('missing FILE');
  if (!out) usageError('missing -o OUT.svg or OUT.png');
  const ext = extname(out).toLowerCase();
  if (ext !== '.svg' && ext !== '.png') usageError(`-o ${out}: the name must end in .svg or .png`);
  const format = ext === '.svg' ? 'svg' : 'png';
  if (format === 'svg' && scale !== 1) usageError('--scale applies to PNG output');
  return { file, out, format, mode, color, direction, scale };
}

async function main(argv: string[]): Promise<number> {
  const args = parseArgs(argv);
  // Look for Chromium before the layout: no point laying out a big graph to fail afterwards.
  const chromium = args.format === 'png' ? findChromium() : null;
  const { loaded } = loadOpGraph(args.file);
  const laid = await layOut(loaded.columnar, { mode: args.mode, direction: args.direction });
  const g = laid.geometry;
  const svg = toSVG(g, { fontFaceCss: robotoFontFaceCss(), fill: nodeFill(args.color, g, laid.hierarchy) });
  mkdirSync(dirname(args.out), { recursive: true });
  let size = svgSize(svg);
  if (chromium) {
    const png = svgToPng(svg, chromium, args.scale);
    writeFileSync(args.out, png.png);
    size = { width: png.width, height: png.height };
  } else {
    writeFileSync(args.out, svg);
  }
  process.stdout.write(JSON.stringify({ out: args.out, format: args.format, nodes: g.nodes.count, edges: g.edges.count, ...size }) + '\n');
  return 0;
}

export const renderCommand: CliSpec = { name: 'tbg render', usage: USAGE, run: main };
