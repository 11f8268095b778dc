/**
 * `@font-face` rules for the bundled Roboto (latin and latin-ext, the subsets tf names use), for
 * SVG exports and renderers: text then draws with the exact advance widths layout measured.
 */
import { ROBOTO_FACES } from './roboto-embed.js';

export function robotoFontFaceCss(family = 'Roboto'): string {
  return ROBOTO_FACES.map(
    (f) => `@font-face{font-family:'${family}';font-style:normal;font-weight:400;src:url(data:font/woff2;base64,${f.woff2}) format('woff2');unicode-range:${f.unicodeRange};}`,
  ).join('');
}
