/**
 * The boot script every inlined worker starts from (worker-scripts.ts), as source text: it runs
 * in the worker, so it may use nothing from this module. It
 * - unpacks the worker's real script from the first message (`tbg-boot`: base64 → bytes →
 *   DecompressionStream → Blob URL) and imports it;
 * - holds every other message until then, and dispatches them again, in order, to the listeners
 *   that script added;
 * - fetches graph URLs at once, whatever the state of the import (fetch-protocol.ts): progress at
 *   most every 50 ms and at the end, the bytes of the latest download kept in `self.tbgFetched`
 *   for the open request that names them (dropped when aborted), errors worded as the page's own
 *   reads word them.
 * The import of a `blob:` URL is a script load: a page's Content-Security-Policy must allow
 * `blob:` in `script-src` as well as in `worker-src` (or the page sets `worker-url`).
 */
export const BOOT_SOURCE = `
let held = [];
const downloads = new Map();
self.tbgFetched = new Map();
const bytesOf = (s) => (Uint8Array.fromBase64 ? Uint8Array.fromBase64(s) : Uint8Array.from(atob(s), (c) => c.charCodeAt(0)));
async function unpack(packed) {
  const script = new Blob([bytesOf(packed)]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
  return URL.createObjectURL(await new Response(script, { headers: { 'content-type': 'text/javascript' } }).blob());
}
async function body(response, report) {
  const length = Number(response.headers.get('content-length'));
  const total = length > 0 && !response.headers.get('content-encoding') ? length : null;
  if (!response.body) return new Uint8Array(await response.arrayBuffer());
  const reader = response.body.getReader();
  // One buffer when the length is known; chunks joined at the end otherwise (or when it lied).
  const buffer = new Uint8Array(total ?? 0);
  const chunks = [];
  let loaded = 0;
  let last = -Infinity;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (loaded + value.length <= buffer.length && chunks.length === 0) buffer.set(value, loaded);
    else chunks.push(value);
    loaded += value.length;
    if (performance.now() - last >= 50) {
      last = performance.now();
      report({ kind: 'tbg-fetch-progress', loaded, total });
    }
  }
  report({ kind: 'tbg-fetch-progress', loaded, total });
  if (chunks.length === 0) return loaded === buffer.length ? buffer : buffer.slice(0, loaded);
  const head = loaded - chunks.reduce((n, c) => n + c.length, 0);
  const bytes = new Uint8Array(loaded);
  bytes.set(buffer.subarray(0, head));
  let at = head;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.length;
  }
  return bytes;
}
async function download({ fetchId, url }) {
  const abort = new AbortController();
  downloads.set(fetchId, abort);
  // Only the latest download's bytes are kept: an earlier one was superseded.
  self.tbgFetched.clear();
  const report = (m) => self.postMessage({ ...m, fetchId });
  try {
    let response;
    try {
      response = await fetch(url, { signal: abort.signal });
    } catch (error) {
      throw new Error('could not fetch ' + url + ': ' + (error && error.message ? error.message : String(error)));
    }
    if (!response.ok) throw new Error(('could not fetch ' + url + ': HTTP ' + response.status + ' ' + response.statusText).trim());
    const bytes = await body(response, report);
    if (abort.signal.aborted) return;
    self.tbgFetched.set(fetchId, bytes);
    report({ kind: 'tbg-fetched', loaded: bytes.length });
  } catch (error) {
    if (!abort.signal.aborted) report({ kind: 'tbg-fetch-failed', message: error && error.message ? error.message : String(error) });
  } finally {
    downloads.delete(fetchId);
  }
}
self.addEventListener('message', (e) => {
  const kind = e.data && e.data.kind;
  if (kind === 'tbg-fetch' || kind === 'tbg-fetch-abort') {
    e.stopImmediatePropagation();
    if (kind === 'tbg-fetch') void download(e.data);
    else {
      downloads.get(e.data.fetchId)?.abort();
      self.tbgFetched.delete(e.data.fetchId);
    }
    return;
  }
  if (!held) return;
  e.stopImmediatePropagation();
  if (kind !== 'tbg-boot') return void held.push(e);
  unpack(e.data.packed)
    .then((url) => import(url).finally(() => URL.revokeObjectURL(url)))
    .then(
      () => {
        const waiting = held;
        held = null;
        for (const m of waiting) self.dispatchEvent(new MessageEvent('message', { data: m.data, ports: [...m.ports] }));
      },
      (error) => setTimeout(() => { throw error; }),
    );
});
`;
