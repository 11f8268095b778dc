/**
 * The search box's state and what its actions do (search-box.ts draws them): a search runs in
 * the view worker once typing pauses, only the latest query's answer is kept, and choosing a
 * match hands it to the element. Plain state, handed back through `onChange` (a lit state field).
 */
import type { SearchMatch, SearchResult } from '@tbg/hierarchy';
import { EMPTY_SEARCH, type SearchActions, type SearchState } from './search-box.js';

/** Matches listed, and the pause in typing after which a search runs. */
export const SEARCH_ROWS = 50;
const SEARCH_DEBOUNCE_MS = 120;

export interface NodeSearchHost {
  /** Runs a search of the graph shown, or null when there is none. */
  search(query: string, limit: number): Promise<SearchResult> | null;
  onChange(state: SearchState): void;
  choose(m: SearchMatch): void;
}

export class NodeSearch {
  private state: SearchState = EMPTY_SEARCH;
  private timer: ReturnType<typeof setTimeout> | undefined;
  readonly actions: SearchActions = {
    input: (query) => {
      this.set({ ...this.state, query, ...(query.trim() ? {} : { result: null }) });
      clearTimeout(this.timer);
      // One search per pause in typing (a search of a 100k-node graph takes 10–40 ms in the worker).
      if (query.trim()) this.timer = setTimeout(() => void this.run(query), SEARCH_DEBOUNCE_MS);
    },
    move: (by) => {
      const n = this.state.result?.matches.length ?? 0;
      if (n) this.set({ ...this.state, active: (this.state.active + by + n) % n });
    },
    choose: (m) => {
      this.set({ ...this.state, result: null });
      this.host.choose(m);
    },
    clear: () => {
      clearTimeout(this.timer);
      this.set(EMPTY_SEARCH);
    },
  };

  constructor(private readonly host: NodeSearchHost) {}

  private set(s: SearchState): void {
    this.state = s;
    this.host.onChange(s);
  }

  private async run(query: string): Promise<void> {
    try {
      const result = await this.host.search(query, SEARCH_ROWS);
      // A later query (or a cleared box) wins.
      if (result && this.state.query === query) this.set({ query, result, active: 0 });
    } catch {
      // No graph open any more (a new load): nothing to list.
    }
  }
}
