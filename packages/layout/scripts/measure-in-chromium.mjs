// Prints what Chromium's canvas measureText gives for some texts, with the faces of
// @fontsource/roboto's 400.css loaded as the renderer loads them: the source of the reference widths
// in src/text/roboto.test.ts. Not part of the tests, since CI has no browser.
// Usage: node scripts/measure-in-chromium.mjs PX TEXT...   (CHROMIUM=path overrides `chromium`)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const [px, ...texts] = process.argv.slice(2);
if (!px || texts.length === 0) throw new Error('usage: node scripts/measure-in-chromium.mjs PX TEXT...');

const pkgDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const fontDir = dirname(createRequire(join(pkgDir, 'package.json')).resolve('@fontsource/roboto/package.json'));
const css = readFileSync(join(fontDir, '400.css'), 'utf8');
const faces = [...css.matchAll(/@font-face\s*{([^}]*)}/g)].map(([, body]) => ({
  range: /unicode-range:\s*([^;]+);/.exec(body)[1],
  woff: readFileSync(join(fontDir, 'files', `${/url\(\.\/files\/([^)]+)\.woff2\)/.exec(body)[1]}.woff`)).toString('base64'),
}));

// Faces are added in stylesheet order, so unicode-range overlaps resolve as with the stylesheet.
const page = `<!doctype html><meta charset="utf-8"><pre id="out"></pre><script>
(async () => {
  for (const f of ${JSON.stringify(faces)}) {
    const face = new FontFace('Roboto', Uint8Array.from(atob(f.woff), (c) => c.charCodeAt(0)).buffer, { unicodeRange: f.range });
    document.fonts.add(await face.load());
  }
  const ctx = document.createElement('canvas').getContext('2d');
  ctx.font = ${JSON.stringify(`${px}px Roboto`)};
  document.getElementById('out').textContent = JSON.stringify(${JSON.stringify(texts)}.map((t) => [t, ctx.measureText(t).width]));
})().catch((e) => { document.getElementById('out').textContent = 'ERROR ' + e; });
</script>`;

const dir = mkdtempSync(join(tmpdir(), 'tbg-chromium-'));
try {
  writeFileSync(join(dir, 'page.html'), page);
  const dom = execFileSync(
    process.env.CHROMIUM ?? 'chromium',
    ['--headless', '--no-sandbox', '--disable-gpu', '--virtual-time-budget=10000', '--dump-dom', `file://${join(dir, 'page.html')}`],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
  );
  const result = /<pre id="out">(.*?)<\/pre>/s.exec(dom)?.[1] ?? 'no result';
  if (!result.startsWith('[')) throw new Error(`chromium: ${result}`);
  const unescape = (s) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');
  for (const [text, width] of JSON.parse(unescape(result))) console.log(`${JSON.stringify(text)} ${px}px: ${width}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
