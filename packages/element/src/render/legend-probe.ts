/**
 * The page's side of the legend estimate (legend-box.ts): a hidden sample of the legend, styled as
 * the real one (the element's CSS and any `::part(legend)` rules of the page), measured once per
 * first picture, then removed.
 */
import { PROBE_TEXT, type LegendStyle } from './legend-box.js';

const px = (v: string) => parseFloat(v) || 0;

/** A max-width or max-height as computed: a percentage of the view, a length, or none. */
function maxOf(v: string): LegendStyle['maxWidth'] {
  if (v.endsWith('%')) return { share: parseFloat(v) / 100 };
  if (v.endsWith('px')) return { px: parseFloat(v) };
  return { share: Number.POSITIVE_INFINITY };
}

/** Measures the legend as `stage` would lay it out; null where the page cannot (no canvas text). */
export function probeLegend(stage: Element): LegendStyle | null {
  const ctx = document.createElement('canvas').getContext('2d');
  if (!ctx) return null;
  const probe = document.createElement('div');
  probe.className = 'panel legend';
  probe.setAttribute('part', 'legend');
  probe.setAttribute('aria-hidden', 'true');
  probe.style.visibility = 'hidden';
  probe.innerHTML = '<button class="legend-title"><b>M</b> ▾</button><div class="row"><span class="swatch"></span>M</div>';
  stage.append(probe);
  try {
    const s = stage.getBoundingClientRect();
    const l = probe.getBoundingClientRect();
    const cs = getComputedStyle(probe);
    const swatch = probe.querySelector('.swatch')!;
    const sw = getComputedStyle(swatch);
    const font = cssFont(cs);
    ctx.font = font;
    return {
      cornered: l.left - s.left < s.width / 2 && s.bottom - l.bottom < s.height / 2,
      left: l.left - s.left,
      bottom: s.bottom - l.bottom,
      chromeX: px(cs.paddingLeft) + px(cs.paddingRight) + px(cs.borderLeftWidth) + px(cs.borderRightWidth),
      chromeY: px(cs.paddingTop) + px(cs.paddingBottom) + px(cs.borderTopWidth) + px(cs.borderBottomWidth),
      titlePx: probe.querySelector('.legend-title')!.getBoundingClientRect().height,
      rowPx: probe.querySelector('.row')!.getBoundingClientRect().height,
      swatchPx: swatch.getBoundingClientRect().width + px(sw.marginLeft) + px(sw.marginRight),
      maxWidth: maxOf(cs.maxWidth),
      maxHeight: maxOf(cs.maxHeight),
      scrollbarPx: scrollbarWidth(probe, cs),
      font,
      boldFont: cssFont(getComputedStyle(probe.querySelector('b')!)),
      probe: ctx.measureText(PROBE_TEXT).width,
    };
  } finally {
    probe.remove();
  }
}

/** A canvas font as an element's computed style has it. */
const cssFont = (cs: CSSStyleDeclaration) => `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;

/** The width a vertical scrollbar takes in `el` (0 with overlay scrollbars); `cs`: its live computed style. */
function scrollbarWidth(el: HTMLElement, cs: CSSStyleDeclaration): number {
  el.style.overflowY = 'scroll';
  const w = el.offsetWidth - el.clientWidth - px(cs.borderLeftWidth) - px(cs.borderRightWidth);
  el.style.overflowY = '';
  return Math.max(0, w);
}
