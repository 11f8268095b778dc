/**
 * The data API, on TensorBoard's routes (`../shared/docs/tensorboard-http-api.md`), always by
 * relative URL (`data/runs`, never `/data/runs`) so that the board works under a path prefix.
 */

/** A request that failed: which URL, the HTTP status (0 when the network failed) and the server's one-line reason. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly url: string,
    readonly status: number,
    reason: string,
  ) {
    super(`${url}: ${status ? `HTTP ${status}` : 'no response'}${reason ? ` (${reason})` : ''}`);
  }
}

export type Params = Record<string, string | number | boolean | undefined>;

/** `data/<path>?<params>`, relative to the page. */
export function dataUrl(path: string, params: Params = {}): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) q.set(k, String(v));
  const qs = q.toString();
  return `data/${path}${qs ? `?${qs}` : ''}`;
}

/** The server's reason (TensorBoard sends `text/plain` like `Not found: …`), kept to one short line. */
async function reasonOf(res: Response): Promise<string> {
  try {
    const text = (await res.text()).trim();
    return text.startsWith('<') ? res.statusText : text.split('\n')[0]!.slice(0, 200);
  } catch {
    return res.statusText;
  }
}

async function send(url: string, init?: RequestInit): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(url, init);
  } catch {
    throw new ApiError(url, 0, 'the server did not answer; is `tbg serve` still running?');
  }
  if (!res.ok) throw new ApiError(url, res.status, await reasonOf(res));
  return res;
}

async function parseJson<T>(url: string, res: Response): Promise<T> {
  const text = await res.text();
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ApiError(url, res.status, 'the response is not JSON');
  }
}

export async function getJson<T>(path: string, params: Params = {}): Promise<T> {
  const url = dataUrl(path, params);
  return parseJson<T>(url, await send(url));
}

/** A JSON POST (the hparams routes), with the header TensorBoard's own client sends. */
export async function postJson<T>(path: string, body: unknown): Promise<T> {
  const url = dataUrl(path);
  const init: RequestInit = {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-xsrf-protected': '1' },
    body: JSON.stringify(body),
  };
  return parseJson<T>(url, await send(url, init));
}

/** TensorBoard sends non-finite floats as the strings "NaN", "Infinity", "-Infinity". */
export function num(v: unknown): number {
  if (typeof v === 'number') return v;
  if (v === 'Infinity') return Infinity;
  if (v === '-Infinity') return -Infinity;
  return NaN;
}
