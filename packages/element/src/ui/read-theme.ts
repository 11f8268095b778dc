/**
 * The scene's colours from the element's CSS custom properties (a page may set them on any
 * ancestor), and whether the dark scheme applies. Read again when the scheme changes.
 */
import { parseColor } from '@tbg/render-pixi/style';
import type { ThemeRequest } from '../render/render-types.js';

const PROPERTIES = {
  background: '--tf-graph-background',
  edge: '--tf-graph-edge',
  label: '--tf-graph-label',
  selection: '--tf-graph-selection',
} as const;

export function readTheme(el: Element): ThemeRequest {
  const style = getComputedStyle(el);
  const overrides: ThemeRequest['overrides'] = {};
  for (const [key, prop] of Object.entries(PROPERTIES) as Array<[keyof typeof PROPERTIES, string]>) {
    const c = parseColor(style.getPropertyValue(prop));
    if (c !== null) overrides[key] = c;
  }
  return { dark: matchMedia('(prefers-color-scheme: dark)').matches, overrides };
}

/** Calls `listener` when the page switches between light and dark; returns the function that stops it. */
export function onSchemeChange(listener: () => void): () => void {
  const q = matchMedia('(prefers-color-scheme: dark)');
  q.addEventListener('change', listener);
  return () => q.removeEventListener('change', listener);
}
