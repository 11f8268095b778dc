/**
 * Reads a graph's bytes from a URL, a File/Blob or bytes the page already has, reporting
 * progress as it goes. Failures are `GraphReadError`s that name the source.
 */

/** Progress of a read: bytes so far, and the total when the server or the file tells it. */
export interface ReadProgress {
  loaded: number;
  total: number | null;
}

export type ReadProgressListener = (p: ReadProgress) => void;

/** A source that could not be read: network error, HTTP status, an unreadable file. */
export class GraphReadError extends Error {
  override readonly name = 'GraphReadError';
  constructor(
    message: string,
    /** The URL or file name. */
    readonly source: string,
  ) {
    super(message);
  }
}

/** Fetches `url`, streaming the body so that progress can be shown. */
export async function readUrl(url: string, onProgress: ReadProgressListener, signal?: AbortSignal): Promise<Uint8Array> {
  let response: Response;
  try {
    response = await fetch(url, { signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new GraphReadError(`could not fetch ${url}: ${error instanceof Error ? error.message : String(error)}`, url);
  }
  if (!response.ok) throw new GraphReadError(`could not fetch ${url}: HTTP ${response.status} ${response.statusText}`.trim(), url);
  const length = Number(response.headers.get('content-length'));
  // A compressed response's Content-Length counts compressed bytes: no total then.
  const total = Number.isFinite(length) && length > 0 && !response.headers.get('content-encoding') ? length : null;
  if (!response.body) return new Uint8Array(await response.arrayBuffer());
  return collect(response.body.getReader(), total, onProgress);
}

/** Reads a File or Blob. */
export async function readBlob(blob: Blob, onProgress: ReadProgressListener): Promise<Uint8Array> {
  const name = 'name' in blob && typeof blob.name === 'string' ? blob.name : 'the file';
  try {
    return await collect(blob.stream().getReader(), blob.size, onProgress);
  } catch (error) {
    throw new GraphReadError(`could not read ${name}: ${error instanceof Error ? error.message : String(error)}`, name);
  }
}

async function collect(reader: ReadableStreamDefaultReader<Uint8Array>, total: number | null, onProgress: ReadProgressListener): Promise<Uint8Array> {
  // With a known total, one buffer and no copies; otherwise chunks joined at the end.
  const buffer = new Uint8Array(total ?? 0);
  const chunks: Uint8Array[] = [];
  let loaded = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (total !== null && loaded + value.length <= buffer.length) buffer.set(value, loaded);
    else chunks.push(value);
    loaded += value.length;
    onProgress({ loaded, total });
  }
  if (chunks.length === 0) return loaded === buffer.length ? buffer : buffer.subarray(0, loaded);
  const whole = new Uint8Array(loaded);
  const head = Math.min(buffer.length, loaded - chunks.reduce((s, c) => s + c.length, 0));
  whole.set(buffer.subarray(0, head));
  let at = head;
  for (const c of chunks) {
    whole.set(c, at);
    at += c.length;
  }
  return whole;
}

/** The file name at the end of a URL, for format sniffing and messages. */
export function nameOfUrl(url: string): string {
  const path = url.split(/[?#]/)[0] ?? url;
  return decodeURIComponent(path.slice(path.lastIndexOf('/') + 1)) || url;
}
