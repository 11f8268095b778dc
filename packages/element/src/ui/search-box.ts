/**
 * TensorBoard's node search (§10.6) in the toolbar: a regex over names, ops, devices and
 * attributes, run in the view worker as one types; the best matches listed under the box, each
 * with its kind and what matched. Choosing one (click, or arrows and Enter) selects that node:
 * what hides it expands and the view pans to it.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { SearchMatch, SearchResult } from '@tbg/hierarchy';

export interface SearchState {
  query: string;
  /** The answer to `query`, once the worker gave it (null before, and for an empty query). */
  result: SearchResult | null;
  /** The highlighted row (arrows move it; Enter chooses it). */
  active: number;
}

export interface SearchActions {
  input: (query: string) => void;
  /** Moves the highlighted row by `by` rows. */
  move: (by: number) => void;
  choose: (m: SearchMatch) => void;
  clear: () => void;
}

export const EMPTY_SEARCH: SearchState = { query: '', result: null, active: 0 };

export function searchBox(s: SearchState, a: SearchActions): TemplateResult {
  const onKey = (e: KeyboardEvent) => {
    const rows = s.result?.matches ?? [];
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') a.move(e.key === 'ArrowDown' ? 1 : -1);
    else if (e.key === 'Enter' && rows[s.active]) a.choose(rows[s.active]!);
    else if (e.key === 'Escape') a.clear();
    else return;
    e.preventDefault();
  };
  const open = !!s.query.trim() && !!s.result?.matches.length;
  return html`<input
    class="search"
    type="search"
    role="combobox"
    aria-autocomplete="list"
    aria-controls="search-results"
    aria-expanded=${open}
    aria-activedescendant=${open ? `search-row-${s.active}` : ''}
    placeholder="Search (regex)"
    aria-label="Search nodes by name, op, device or attribute"
    .value=${s.query}
    @input=${(e: Event) => a.input((e.target as HTMLInputElement).value)}
    @keydown=${onKey}
  />`;
}

const KIND: Record<SearchMatch['kind'], string> = { op: 'op', meta: 'scope', series: 'series', embedding: 'constant' };

/** Longest text shown for what matched (an op, a device, an attribute's `key: value`). */
const EXCERPT_CHARS = 32;

/**
 * What matched, cut to EXCERPT_CHARS around the match (a device's match is often at its end:
 * `…/device:XLA_CPU:0`, not `/job:localhost/replic…`).
 */
export function matchExcerpt(matched: string, query: string, max = EXCERPT_CHARS): string {
  if (matched.length <= max) return matched;
  let at = 0;
  let len = 0;
  try {
    const m = new RegExp(query.trim(), 'i').exec(matched);
    if (m) [at, len] = [m.index, m[0].length];
  } catch {
    at = matched.toLowerCase().indexOf(query.trim().toLowerCase());
    len = query.trim().length;
  }
  // The match, with some context before it when there is room.
  const start = Math.max(0, Math.min(at - Math.max(0, Math.floor((max - len) / 3)), matched.length - max + 1));
  const end = Math.min(matched.length, start + max - (start > 0 ? 1 : 0));
  return `${start > 0 ? '…' : ''}${matched.slice(start, end)}${end < matched.length ? '…' : ''}`;
}

/** The matches under the toolbar, or nothing while there is no query. */
export function searchResults(s: SearchState, a: SearchActions): TemplateResult | typeof nothing {
  const r = s.result;
  if (!s.query.trim() || !r) return nothing;
  const shown = r.matches.length;
  return html`<div class="panel search-results" id="search-results" role="listbox" aria-label="Search results">
    <div class="search-count">${r.total === 0 ? 'No match' : shown < r.total ? `${shown} of ${r.total} matches` : `${r.total} match${r.total === 1 ? '' : 'es'}`}${r.regexError ? html` · searched as text: ${r.regexError}` : nothing}</div>
    ${r.matches.map(
      (m, i) =>
        html`<div class="search-row ${i === s.active ? 'active' : ''}" id="search-row-${i}" role="option" aria-selected=${i === s.active} title=${m.name} @mousedown=${(e: Event) => e.preventDefault()} @click=${() => a.choose(m)}>
          <span class="search-name">${m.name}</span>
          <span class="search-kind" title=${m.field === 'name' ? '' : m.matched}>${KIND[m.kind]}${m.field === 'name' ? '' : ` · ${matchExcerpt(m.matched, s.query)}`}</span>
        </div>`,
    )}
  </div>`;
}
