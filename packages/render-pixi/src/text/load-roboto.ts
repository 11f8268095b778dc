/**
 * Makes the Roboto that layout measured available to canvas text (and so to the glyph atlas),
 * in a page or a worker, from the faces embedded in @tbg/layout: no font file is served.
 */
import { robotoFontFaceCss } from '@tbg/layout';

export const ROBOTO_FAMILY = 'Roboto';

interface FontScope {
  fonts: { add(f: FontFace): void } & Iterable<FontFace>;
}

/** The font set: `document.fonts` in a page, `self.fonts` in a worker. */
function defaultScope(): FontScope {
  return typeof document !== 'undefined' ? document : (globalThis as unknown as FontScope);
}

/** Adds the embedded faces to the page's or worker's font set and waits until they are ready. */
export async function loadRoboto(scope: FontScope = defaultScope()): Promise<void> {
  // Once per font set: a page that mounts many renderers must not collect copies of the font.
  for (const face of scope.fonts) if (face.family.replace(/["']/g, '') === ROBOTO_FAMILY && face.status === 'loaded') return;
  const css = robotoFontFaceCss(ROBOTO_FAMILY);
  const faces = [...css.matchAll(/src:(url\([^)]*\) format\('woff2'\));unicode-range:([^;]*);/g)];
  await Promise.all(
    faces.map(async ([, src, unicodeRange]) => {
      const face = new FontFace(ROBOTO_FAMILY, src!, { unicodeRange: unicodeRange!, weight: '400', style: 'normal' });
      scope.fonts.add(await face.load());
    }),
  );
}
