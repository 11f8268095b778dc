/**
 * The info card's size and margins (tf-graph-styles: `width: min(340px, 45%)`, 8 px from the
 * edges), for what must keep clear of it or keep it clear of others (fits, the toolbar, the minimap).
 */

export const CARD_MARGIN = 8;

/** The card's width in a view `viewWidth` CSS px wide. */
export function cardWidth(viewWidth: number): number {
  return Math.min(340, 0.45 * viewWidth);
}

/** Whether two optional rectangles are the same. */
export function sameRect(a: { x: number; y: number; width: number; height: number } | null, b: { x: number; y: number; width: number; height: number } | null): boolean {
  return a === b || (a !== null && b !== null && a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height);
}
