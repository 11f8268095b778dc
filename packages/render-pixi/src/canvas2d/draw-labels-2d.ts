/**
 * Label specs (scene/label-glyphs.ts) drawn with Canvas 2D text in the Roboto that layout
 * measured (text/load-roboto.ts), placed as the glyph builder places them: anchored by their
 * alignment, centred on their line, turned with their edge; hidden below four screen pixels.
 */
import { LabelAlign } from '@tbg/layout';
import { CENTRAL_TO_BASELINE, type LabelSpec } from '../scene/label-glyphs.js';
import { MIN_LABEL_SCREEN_PX } from '../scene/lod.js';
import { ROBOTO_FAMILY } from '../text/load-roboto.js';
import { cssRgb } from './colours-2d.js';
import type { QuadMode } from './draw-quads-2d.js';
import type { Context2D } from './shape-path-2d.js';

const ALIGN: Record<number, CanvasTextAlign> = { [LabelAlign.middle]: 'center', [LabelAlign.start]: 'left', [LabelAlign.end]: 'right' };

/** Draws the labels readable at this zoom; returns how many. */
export function drawLabels2D(ctx: Context2D, labels: readonly LabelSpec[], m: QuadMode): number {
  let drawn = 0;
  ctx.textBaseline = 'alphabetic';
  for (const l of labels) {
    if (m.lod && (l.px * m.scale < MIN_LABEL_SCREEN_PX || m.scale < l.hide || (l.role === 'annotation' && m.plain))) continue;
    ctx.font = `${l.px}px ${ROBOTO_FAMILY}, sans-serif`;
    ctx.textAlign = ALIGN[l.align] ?? 'center';
    ctx.fillStyle = cssRgb(l.role === 'edge' ? m.theme.edgeLabel : m.theme.label);
    const baseline = CENTRAL_TO_BASELINE * l.px;
    if (l.angle) {
      ctx.save();
      ctx.translate(l.x, l.y);
      ctx.rotate(l.angle);
      ctx.fillText(l.text, 0, baseline);
      ctx.restore();
    } else ctx.fillText(l.text, l.x, l.y + baseline);
    drawn++;
  }
  return drawn;
}
