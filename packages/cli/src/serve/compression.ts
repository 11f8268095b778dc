/**
 * Which responses are gzipped (`http_util.py`): textual types, when the client's
 * Accept-Encoding allows gzip (`gzip`, `x-gzip` or `*`, not with `q=0`). Level 3, as TensorBoard.
 */
import { promisify } from 'node:util';
import { gzip as gzipAsync, gzipSync } from 'node:zlib';

const TEXTUAL = new Set([
  'application/javascript',
  'application/json',
  'application/json+protobuf',
  'image/svg+xml',
  'text/css',
  'text/csv',
  'text/html',
  'text/javascript',
  'text/plain',
  'text/tab-separated-values',
  'text/x-protobuf',
  // Ours: GraphDef and RunMetadata bytes are mostly names and compress 5-10x.
  'application/x-protobuf',
  'application/manifest+json',
  'image/x-icon',
]);

/** Types sent with `; charset=utf-8` (TensorBoard adds it to every textual type but JSON). */
const CHARSET = new Set(['text/plain', 'text/csv', 'text/html', 'text/css', 'text/javascript', 'application/javascript', 'text/tab-separated-values', 'text/x-protobuf']);

export function isCompressible(type: string): boolean {
  return TEXTUAL.has(type);
}

export function withCharset(type: string): string {
  return CHARSET.has(type) ? `${type}; charset=utf-8` : type;
}

/** Whether an Accept-Encoding header value allows gzip. */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  for (const part of value.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name !== 'gzip' && name !== 'x-gzip' && name !== '*') continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q === undefined || Number(q.slice(2)) > 0) return true;
  }
  return false;
}

export function gzip(body: Uint8Array): Uint8Array {
  return gzipSync(body, { level: 3 });
}

/** Above this, a body is gzipped on libuv's thread pool: a 30 MB GraphDef takes ~0.3 s, which would stall every other request. */
const ASYNC_GZIP_BYTES = 256 << 10;
const gzipOffThread = promisify(gzipAsync);

/** `gzip`, off the event loop for large bodies. */
export async function gzipBody(body: Uint8Array): Promise<Uint8Array> {
  return body.length < ASYNC_GZIP_BYTES ? gzip(body) : gzipOffThread(body, { level: 3 });
}
