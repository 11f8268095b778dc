/**
 * SVG → PNG through a headless Chromium (`--screenshot`), when one is installed: the SVG is
 * inlined in a page of exactly the picture's size, so the screenshot is the picture. No browser
 * library: one child process, a temporary profile and page, removed afterwards.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];
/** Chromium's limit on a screenshot's side is around 16k px; stay below it. */
export const MAX_PNG_SIDE = 16_000;

/** Thrown when PNG output needs a Chromium that is not there. */
export class NoChromiumError extends Error {
  override name = 'NoChromiumError';
}

/** CHROME_PATH when set (it must exist), else the first Chromium found in the usual places. */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string {
  const set = env.CHROME_PATH;
  if (set) {
    if (!existsSync(set)) throw new NoChromiumError(`PNG needs Chromium, and CHROME_PATH=${set} does not exist; write an .svg, or point CHROME_PATH at a Chromium or Chrome`);
    return set;
  }
  const found = CANDIDATES.find((p) => existsSync(p));
  if (!found) throw new NoChromiumError(`PNG needs Chromium, and none was found (${CANDIDATES.join(', ')}); write an .svg, or set CHROME_PATH`);
  return found;
}

/** The page's and the PNG's size: the SVG's at `scale`, shrunk to fit MAX_PNG_SIDE. */
export function pngSizeFor(svgWidth: number, svgHeight: number, scale: number): { width: number; height: number; scale: number } {
  const fit = Math.min(scale, MAX_PNG_SIDE / svgWidth, MAX_PNG_SIDE / svgHeight);
  return { width: Math.max(1, Math.round(svgWidth * fit)), height: Math.max(1, Math.round(svgHeight * fit)), scale: fit };
}

/** The width and height attributes of an SVG's root element. */
export function svgSize(svg: string): { width: number; height: number } {
  const m = /<svg[^>]*\swidth="([\d.]+)"[^>]*\sheight="([\d.]+)"/.exec(svg);
  if (!m) throw new Error('the SVG has no width and height');
  return { width: Number(m[1]), height: Number(m[2]) };
}

function page(svg: string, width: number, height: number): string {
  const sized = svg.replace(/<svg([^>]*)\swidth="[\d.]+"([^>]*)\sheight="[\d.]+"/, `<svg$1 width="${width}"$2 height="${height}"`);
  // Nothing runs and nothing is fetched: the SVG's labels come from the graph file.
  const csp = `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; font-src data:; img-src data:">`;
  return `<!doctype html><html><head><meta charset="utf-8">${csp}<style>html,body{margin:0;overflow:hidden;background:#fff}svg{display:block}</style></head><body>${sized}</body></html>`;
}

/** Renders `svg` to PNG bytes with the Chromium at `chromium`; returns them and the size. */
export function svgToPng(svg: string, chromium: string, scale = 1): { png: Uint8Array; width: number; height: number } {
  const size = svgSize(svg);
  const { width, height } = pngSizeFor(size.width, size.height, scale);
  const dir = mkdtempSync(join(tmpdir(), 'tbg-render-'));
  try {
    const html = join(dir, 'page.html');
    const out = join(dir, 'out.png');
    writeFileSync(html, page(svg, width, height));
    const args = [
      '--headless',
      // Chromium's sandbox cannot start as root (containers, CI); elsewhere it stays on.
      ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--hide-scrollbars',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-default-apps',
      `--user-data-dir=${join(dir, 'profile')}`,
      '--force-device-scale-factor=1',
      // Give the embedded font time to load before the picture is taken.
      '--virtual-time-budget=3000',
      `--window-size=${width},${height}`,
      `--screenshot=${out}`,
      pathToFileURL(html).href,
    ];
    const r = spawnSync(chromium, args, { encoding: 'utf8', timeout: 180_000 });
    if (!existsSync(out)) {
      const why = r.error ? r.error.message : (r.stderr ?? '').trim().split('\n').filter((l) => !/dbus|Fontconfig/i.test(l)).pop() ?? `exit ${r.status}`;
      throw new Error(`${chromium} made no screenshot: ${why}`);
    }
    return { png: new Uint8Array(readFileSync(out)), width, height };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
