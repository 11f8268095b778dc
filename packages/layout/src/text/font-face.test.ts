import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { robotoFontFaceCss } from './font-face.js';
import { ROBOTO_FACES } from './roboto-embed.js';

describe('embedded Roboto', () => {
  it('roboto-embed.ts is what scripts/gen-font-embed.mjs generates', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tbg-font-'));
    try {
      const out = join(dir, 'roboto-embed.ts');
      execFileSync(process.execPath, ['scripts/gen-font-embed.mjs', '--out', out], { stdio: 'pipe' });
      expect(readFileSync(out, 'utf8') === readFileSync('src/text/roboto-embed.ts', 'utf8'), 'stale: run pnpm --filter @tbg/layout gen:font').toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('holds real woff2 files, and the CSS names them by unicode range', () => {
    expect(ROBOTO_FACES.map((f) => f.subset)).toEqual(['latin', 'latin-ext']);
    for (const f of ROBOTO_FACES) expect(Buffer.from(f.woff2, 'base64').subarray(0, 4).toString('latin1')).toBe('wOF2');
    const css = robotoFontFaceCss();
    expect(css.match(/@font-face/g)).toHaveLength(2);
    expect(css).toContain("font-family:'Roboto'");
    expect(css).toContain('unicode-range:U+0000-00FF');
  });
});
