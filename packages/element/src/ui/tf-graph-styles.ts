/**
 * The element's look. Every colour is a CSS custom property that a page may set on
 * `tf-graph` (or any ancestor); the dark values apply under `prefers-color-scheme: dark`.
 */
import { css, unsafeCSS } from 'lit';
import { LEGEND_LAYOUT as L } from '../render/legend-box.js';

const px = (n: number) => unsafeCSS(`${n}px`);
const share = unsafeCSS(`${L.share * 100}%`);

export const tfGraphStyles = css`
  :host {
    --tf-graph-background: #ffffff;
    --tf-graph-foreground: #212121;
    --tf-graph-muted: #757575;
    --tf-graph-panel: #fff;
    --tf-graph-border: #d0d0d0;
    --tf-graph-accent: #f57c00;
    --tf-graph-error: #c62828;
    --tf-graph-edge: #bbbbbb;
    --tf-graph-label: #444444;
    --tf-graph-selection: #ff0000;
    --tf-graph-font: Roboto, system-ui, -apple-system, 'Segoe UI', sans-serif;
    display: block;
    position: relative;
    min-height: 200px;
    overflow: hidden;
    contain: strict;
    background: var(--tf-graph-background);
    color: var(--tf-graph-foreground);
    font: 13px/1.4 var(--tf-graph-font);
  }
  @media (prefers-color-scheme: dark) {
    :host {
      --tf-graph-background: #1e1e1e;
      --tf-graph-foreground: #e0e0e0;
      --tf-graph-muted: #a0a0a0;
      --tf-graph-panel: #282828;
      --tf-graph-border: #444444;
      --tf-graph-accent: #ffa726;
      --tf-graph-error: #ef9a9a;
      --tf-graph-edge: #6b6f75;
      --tf-graph-label: #dadce0;
      --tf-graph-selection: #ff5252;
    }
  }
  .stage {
    position: absolute;
    inset: 0;
  }
  /* After a failed load: kept at its size (the renderer's canvas stays), not shown. */
  .canvas-slot[hidden] {
    visibility: hidden;
  }
  .canvas-slot {
    touch-action: none;
    cursor: grab;
  }
  .canvas-slot:active {
    cursor: grabbing;
  }
  .canvas-slot:focus {
    outline: none;
  }
  .canvas-slot:focus-visible {
    outline: 2px solid var(--tf-graph-accent);
    outline-offset: -2px;
  }
  .canvas-slot,
  .canvas-slot canvas {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    display: block;
  }
  .panel {
    position: absolute;
    background: var(--tf-graph-panel);
    border: 1px solid var(--tf-graph-border);
    border-radius: 4px;
    box-shadow: 0 1px 3px rgba(0, 0, 0, 0.15);
  }
  /* In a narrow view its controls wrap onto more rows rather than run past the view's edge. */
  .toolbar {
    top: 8px;
    left: 8px;
    display: flex;
    flex-wrap: wrap;
    gap: 6px;
    align-items: center;
    padding: 4px 6px;
    box-sizing: border-box;
    max-width: calc(100% - 16px);
  }
  /* A graph picker lists tags as long as "batch_2 (run metadata, step 2)": cut, not as wide as the longest. */
  .toolbar select.source {
    max-width: 14em;
    text-overflow: ellipsis;
  }
  .toolbar.idle {
    visibility: hidden;
  }
  .toolbar button,
  .toolbar select,
  .toolbar .search {
    font: inherit;
    color: inherit;
    background: transparent;
    border: 1px solid var(--tf-graph-border);
    border-radius: 3px;
    padding: 2px 6px;
    cursor: pointer;
  }
  .toolbar .search {
    width: 160px;
    cursor: text;
  }
  /* Panels that drop down under the toolbar. */
  .warnings,
  .search-results {
    top: 46px;
    left: 8px;
    width: min(420px, calc(100% - 16px));
    max-height: 50%;
    overflow: auto;
    font-size: 12px;
  }
  .warnings {
    padding: 6px 10px;
  }
  .warnings ul {
    margin: 4px 0 0;
    padding-left: 18px;
  }
  .search-results {
    padding: 4px 0;
  }
  .search-count {
    padding: 2px 8px 4px;
    color: var(--tf-graph-muted);
  }
  .search-row {
    display: flex;
    justify-content: space-between;
    gap: 8px;
    padding: 2px 8px;
    cursor: pointer;
  }
  .search-row.active,
  .search-row:hover {
    background: color-mix(in srgb, var(--tf-graph-accent) 18%, transparent);
  }
  .search-name {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .search-kind {
    flex: none;
    color: var(--tf-graph-muted);
    max-width: 40%;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  /* Centred at the bottom, or beside the legend where that would meet it (placeCard sets the variable). */
  .refining {
    bottom: 8px;
    left: max(50%, calc(var(--tbg-legend-right, 0px) + 8px + 70px));
    transform: translateX(-50%);
    white-space: nowrap;
    padding: 2px 8px;
    font-size: 11px;
    color: var(--tf-graph-muted);
    pointer-events: none;
  }
  /* Rows of a fixed height: its box is known from their count before it is drawn (legend-box.ts). */
  .legend {
    left: ${px(L.inset)};
    bottom: ${px(L.inset)};
    max-width: ${share};
    max-height: ${share};
    overflow: auto;
    padding: ${px(L.padY)} ${px(L.padX)};
    border-width: ${px(L.border)};
    font-size: ${px(L.fontPx)};
    line-height: ${px(L.rowPx)};
  }
  .legend .legend-title {
    display: block;
    padding: 0;
    border: none;
    background: none;
    color: inherit;
    font: inherit;
    cursor: pointer;
  }
  .legend .row {
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  .legend .swatch {
    display: inline-block;
    width: ${px(L.swatch.width)};
    height: 10px;
    margin-right: ${px(L.swatch.gap)};
    border: ${px(L.swatch.border)} solid rgba(0, 0, 0, 0.3);
    vertical-align: middle;
  }
  .progress {
    top: 0;
    left: 0;
    right: 0;
    height: 3px;
    position: absolute;
    background: transparent;
  }
  .progress .bar {
    height: 100%;
    background: var(--tf-graph-accent);
    transition: width 0.15s;
  }
  .progress .label {
    position: absolute;
    top: 8px;
    right: 12px;
    color: var(--tf-graph-muted);
    font-size: 12px;
  }
  .error {
    top: 50%;
    left: 50%;
    transform: translate(-50%, -50%);
    max-width: min(560px, 90%);
    padding: 12px 16px;
    border-color: var(--tf-graph-error);
    color: var(--tf-graph-error);
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  .error strong {
    display: block;
    margin-bottom: 4px;
  }
  /* Below the toolbar where the view is too narrow for both side by side, above the minimap when it shows (placeCard). */
  .info {
    top: var(--tbg-card-top, 8px);
    right: 8px;
    box-sizing: border-box;
    width: min(340px, 45%);
    max-height: max(80px, calc(100% - var(--tbg-card-top, 8px) - var(--tbg-card-bottom, 8px)));
    overflow: auto;
    overflow-wrap: anywhere;
    padding: 8px 10px;
    font-size: 12px;
  }
  .info h3 {
    margin: 0 0 4px;
    font-size: 13px;
    overflow-wrap: break-word;
  }
  .info table {
    border-collapse: collapse;
    width: 100%;
  }
  .info td {
    padding: 1px 4px 1px 0;
    vertical-align: top;
    overflow-wrap: break-word;
    word-break: break-word;
  }
  /* An attribute's name stays whole beside a long value (it had wrapped a letter per line). */
  .info td.key {
    white-space: nowrap;
  }
  /* Counts right-aligned, like the shapes column of inputs and outputs. */
  .info td.count {
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
  .info td.shape {
    white-space: nowrap;
    text-align: right;
    color: var(--tf-graph-muted);
  }
  .info .section {
    margin-top: 6px;
    font-weight: 500;
    color: var(--tf-graph-muted);
  }
  .info a {
    color: inherit;
    text-decoration: underline dotted;
    cursor: pointer;
  }
  .info .close {
    float: right;
    border: none;
    background: none;
    color: inherit;
    cursor: pointer;
    font-size: 14px;
  }
  .drop {
    inset: 12px;
    display: grid;
    place-items: center;
    border: 2px dashed var(--tf-graph-accent);
    font-size: 15px;
  }
  .empty {
    position: absolute;
    inset: 0;
    display: grid;
    place-items: center;
    color: var(--tf-graph-muted);
    pointer-events: none;
  }
`;
