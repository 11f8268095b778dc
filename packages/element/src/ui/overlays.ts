/** The element's panels as lit templates: toolbar, legend, progress, error, drop hint. */
import { html, nothing, type TemplateResult } from 'lit';
import type { ViewSummary } from '@tbg/layout';
import { darker, darkStroke, invertLightness } from '@tbg/render-pixi/style';
import { COLOR_MODES, type ColorBy } from '../render/render-types.js';
import { COLOR_LABEL, legendRows, legendToggle } from '../render/legend-box.js';
import type { ErrorDetail, ProgressDetail } from '../session/load-timings.js';
import type { LegendEntry } from '../workers/graph-paints.js';

const PHASE_LABEL: Record<ProgressDetail['phase'], string> = {
  read: 'Reading',
  decode: 'Decoding and building the hierarchy',
  hierarchy: 'Building the hierarchy',
  layout: 'Laying out',
  frame: 'Drawing',
};
/** Where each phase starts on the bar, and its share. */
const PHASE_SPAN: Record<ProgressDetail['phase'], [number, number]> = {
  read: [0, 0.35],
  decode: [0.35, 0.3],
  hierarchy: [0.5, 0.15],
  layout: [0.65, 0.25],
  frame: [0.9, 0.1],
};

export function progressBar(p: ProgressDetail | null): TemplateResult | typeof nothing {
  if (!p) return nothing;
  const [start, span] = PHASE_SPAN[p.phase];
  const width = (start + span * (p.fraction ?? 0.5)) * 100;
  const pct = p.fraction === null ? '' : ` ${Math.round(p.fraction * 100)} %`;
  return html`<div class="progress" role="progressbar" aria-valuemin="0" aria-valuemax="100" aria-valuenow=${Math.round(width)}>
    <div class="bar" style="width:${width}%"></div>
    <div class="label">${PHASE_LABEL[p.phase]}${pct}…</div>
  </div>`;
}

export function errorBox(e: ErrorDetail | null): TemplateResult | typeof nothing {
  if (!e) return nothing;
  return html`<div class="panel error" role="alert"><strong>Could not show this graph</strong>${e.message}</div>`;
}

/** A graph within the source the user may switch to: a SavedModel's meta graph, an event file's tag. */
export interface SourceOption {
  value: string;
  label: string;
}

export interface SourceChoices {
  /** `meta-graph` or `tag`: which attribute a choice sets. */
  kind: 'meta-graph' | 'tag';
  options: SourceOption[];
  current: string;
}

/** The choices a loaded source offers, when it has more than one graph. */
export function sourceChoices(summary: ViewSummary | null): SourceChoices | null {
  if (!summary) return null;
  if (summary.metaGraphs && summary.metaGraphs.length > 1) {
    const options = summary.metaGraphs.map((m) => ({ value: String(m.index), label: `Meta graph ${m.index}${m.tags.length ? ` (${m.tags.join(', ')})` : ''}` }));
    return { kind: 'meta-graph', options, current: String(summary.metaGraph ?? 0) };
  }
  if (summary.eventTags && summary.eventTags.length > 1) {
    const options = summary.eventTags.map((t) => ({ value: t.tag, label: `${t.tag} (${t.kind.replace(/_/g, ' ')}, step ${t.step})` }));
    return { kind: 'tag', options, current: summary.eventTag ?? '' };
  }
  return null;
}

export interface ToolbarState {
  colorBy: ColorBy;
  hasGraph: boolean;
  sources: SourceChoices | null;
  onSource: (kind: SourceChoices['kind'], value: string) => void;
  onColorBy: (mode: ColorBy) => void;
  onFit: () => void;
  /** TensorBoard offers the XLA cluster mode only for graphs that have clusters. */
  hasXlaClusters: boolean;
  /** More controls at the end of the bar (the search box). */
  extra?: TemplateResult;
}

export function toolbar(s: ToolbarState): TemplateResult {
  const change = (e: Event) => s.onColorBy((e.target as HTMLSelectElement).value as ColorBy);
  const src = s.sources;
  const pick = (e: Event) => src && s.onSource(src.kind, (e.target as HTMLSelectElement).value);
  // Laid out (hidden) before a graph is shown too: the first fit leaves its band free.
  return html`<div class="panel toolbar ${s.hasGraph ? '' : 'idle'}" ?inert=${!s.hasGraph}>
    <button title="Fit to screen" @click=${s.onFit}>Fit</button>
    ${src
      ? html`<label
          >${src.kind === 'tag' ? 'Graph' : 'Meta graph'}
          <select class="source" @change=${pick} .value=${src.current}>
            ${src.options.map((o) => html`<option value=${o.value} ?selected=${o.value === src.current}>${o.label}</option>`)}
          </select></label
        >`
      : nothing}
    <label
      >Color
      <select @change=${change} .value=${s.colorBy}>
        ${COLOR_MODES.map((m) => html`<option value=${m} ?selected=${m === s.colorBy} ?disabled=${m === 'xla-cluster' && !s.hasXlaClusters}>${COLOR_LABEL[m]}</option>`)}
      </select></label
    >
    ${s.extra ?? nothing}
  </div>`;
}

const hex = (c: number) => `#${c.toString(16).padStart(6, '0')}`;

/** A swatch drawn as the scene draws a node of that fill: the outline `darker(fill)`, both as the dark theme shows them. */
function swatchStyle(fill: number, dark: boolean): string {
  const stroke = darker(fill);
  return `background:${hex(dark ? invertLightness(fill) : fill)};border-color:${hex(dark ? darkStroke(stroke) : stroke)}`;
}

/**
 * The legend's rows, folded to its title by the title's button (`open`, `toggle`). `dark`: the
 * scene draws fills with their lightness inverted (DARK_THEME), and so do the swatches. At most
 * `maxRows` rows (legendRowsFor: as many as fit its height), then "and N more".
 */
export function legend(colorBy: ColorBy, entries: LegendEntry[], dark = false, open = true, toggle?: () => void, maxRows?: number): TemplateResult | typeof nothing {
  if (entries.length === 0) return nothing;
  const title = COLOR_LABEL[colorBy];
  const { shown, more } = legendRows(entries, maxRows);
  // (Its box is known before it is drawn: legend-box.ts, which follows this markup.)
  return html`<div class="panel legend" part="legend">
    <button class="legend-title" aria-expanded=${open} title=${open ? 'Fold the legend' : 'Show the legend'} @click=${() => toggle?.()}><b>${title}</b> ${legendToggle(open)}</button>
    ${open
      ? html`${shown.map((e) => html`<div class="row" title=${e.label}><span class="swatch" style=${swatchStyle(e.color, dark)}></span>${e.label}</div>`)}
        ${more > 0 ? html`<div class="more">and ${more} more</div>` : nothing}`
      : nothing}
  </div>`;
}

/** The loader's warnings about this graph (inputs not drawn, parts skipped): a toolbar button that lists them. */
export function warningsButton(warnings: readonly string[], open: boolean, toggle: () => void): TemplateResult | typeof nothing {
  if (warnings.length === 0) return nothing;
  return html`<button class="warnings-button" title="What the loader warned about" aria-expanded=${open} @click=${toggle}>⚠ ${warnings.length}</button>`;
}

export function warningsPanel(warnings: readonly string[], open: boolean): TemplateResult | typeof nothing {
  if (!open || warnings.length === 0) return nothing;
  return html`<div class="panel warnings" role="note" aria-label="Warnings">
    <b>${warnings.length === 1 ? '1 warning' : `${warnings.length} warnings`}</b>
    <ul>
      ${warnings.map((w) => html`<li>${w}</li>`)}
    </ul>
  </div>`;
}

/** A graph with no ops (an empty run-metadata entry, an empty GraphDef): say so, and why, instead of a blank view. */
export function emptyGraphNotice(summary: ViewSummary | null): TemplateResult | typeof nothing {
  if (!summary || summary.ops > 0) return nothing;
  return html`<div class="empty" role="status">
    <div><b>This graph has no ops to draw.</b>${summary.warnings.map((w) => html`<div>${w}</div>`)}</div>
  </div>`;
}

/** While a quick layout stands in for ELK's: says that the arrangement will change. */
export function refiningNote(active: boolean): TemplateResult | typeof nothing {
  return active ? html`<div class="panel refining" role="status" title="A quick layout is shown while ELK lays the graph out; ELK's replaces it, keeping what you look at in place">Refining the layout…</div>` : nothing;
}

export function dropHint(active: boolean): TemplateResult | typeof nothing {
  return active ? html`<div class="panel drop">Drop a graph file to show it</div>` : nothing;
}
