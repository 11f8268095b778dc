/**
 * A graph URL fetched by the view worker itself, as its boot script's first job (worker-scripts.ts):
 * the download starts while the worker is still unpacking its own script, and its bytes never
 * cross the page's thread — where Chromium handles a large body in 150–300 ms tasks (a 30 MB file
 * here, whether read by a stream reader or `arrayBuffer()`).
 */

/** page → view worker: fetch this absolute URL. */
export interface FetchRequest {
  kind: 'tbg-fetch';
  fetchId: number;
  url: string;
}

/** page → view worker: a newer load superseded this fetch. */
export interface FetchAbort {
  kind: 'tbg-fetch-abort';
  fetchId: number;
}

/** view worker → page. `tbg-fetched`: the bytes wait in the worker for an open request that names them. */
export type FetchReply =
  | { kind: 'tbg-fetch-progress'; fetchId: number; loaded: number; total: number | null }
  | { kind: 'tbg-fetched'; fetchId: number; loaded: number }
  | { kind: 'tbg-fetch-failed'; fetchId: number; message: string };

/** The open request's option that names fetched bytes to open in place of its own (empty) ones. */
export const FETCHED_OPTION = 'tbgFetched';

/** Where the boot script keeps the latest fetched bytes, on the worker's global object. */
export const FETCHED_GLOBAL = 'tbgFetched';

export function isFetchReply(data: unknown): data is FetchReply {
  const kind = typeof data === 'object' && data !== null ? (data as { kind?: unknown }).kind : undefined;
  return kind === 'tbg-fetch-progress' || kind === 'tbg-fetched' || kind === 'tbg-fetch-failed';
}
