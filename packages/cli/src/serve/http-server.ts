/**
 * The HTTP layer: Node's `http` server turning requests into ApiRequests and Replies into
 * responses. Every response gets Content-Length and `X-Content-Type-Options: nosniff`; textual
 * bodies are gzipped for clients that accept it; HTML gets a Content-Security-Policy; a reply
 * with an ETag that the client already has becomes 304; HEAD gets the headers only. Errors a
 * route throws become TensorBoard's text/plain errors; anything else is an opaque 500 (logged).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { acceptsGzip, gzipBody, isCompressible, withCharset } from './compression.js';
import { isLoopbackHostHeader } from './host-check.js';
import { errorReply, PublicError, textReply, type Reply } from './reply.js';
import { experimentRedirect, stripExperiment, type ApiRequest, type Handler } from './router.js';

/** Request bodies above this are refused (hparams and multirun requests are small). */
const MAX_BODY_BYTES = 4 << 20;

/**
 * For HTML pages (the board, the built-in page). `blob:` scripts and workers are what
 * `<tf-graph>` starts its workers from; images and audio come from this server only (data: and
 * blob: for what the page makes itself). Markdown from event files is sanitised server-side too.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' blob:",
  "worker-src 'self' blob:",
  "img-src 'self' data: blob:",
  "media-src 'self' data: blob:",
  "style-src 'self' 'unsafe-inline'",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'self'",
].join('; ');

export type LogFn = (line: string) => void;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY_BYTES) {
        reject(new PublicError('Invalid argument', `request body larger than ${MAX_BODY_BYTES} bytes`));
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

async function toApiRequest(req: IncomingMessage): Promise<ApiRequest> {
  const raw = req.url ?? '/';
  const q = raw.indexOf('?');
  const fullPath = q >= 0 ? raw.slice(0, q) : raw;
  const { experimentId, path } = stripExperiment(fullPath);
  const method = req.method ?? 'GET';
  const body = method === 'POST' || method === 'PUT' ? await readBody(req) : '';
  return { method, path, query: new URLSearchParams(q >= 0 ? raw.slice(q + 1) : ''), headers: req.headers, body, experimentId };
}

async function replyFor(handler: Handler, req: IncomingMessage, log: LogFn, loopbackOnly: boolean): Promise<Reply> {
  try {
    if (loopbackOnly && !isLoopbackHostHeader(req.headers.host)) {
      return textReply(403, `Permission denied: this server listens on loopback and answers only requests addressed to it (Host ${JSON.stringify(req.headers.host ?? '')}); serve other names with --host`);
    }
    if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'POST') return textReply(405, 'Method not allowed');
    const redirect = experimentRedirect(req.url ?? '/');
    if (redirect !== null) return { status: 301, type: 'text/plain', body: '', headers: { Location: redirect } };
    return await handler(await toApiRequest(req));
  } catch (err) {
    if (err instanceof PublicError) return errorReply(err);
    log(`error serving ${req.method} ${req.url}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    return textReply(500, 'Internal server error');
  }
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((t) => {
    const v = t.trim();
    return v === '*' || v === etag || v === `W/${etag}`;
  });
}

async function send(req: IncomingMessage, res: ServerResponse, reply: Reply): Promise<void> {
  const headers: Record<string, string> = {
    'Content-Type': withCharset(reply.type),
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-cache, must-revalidate',
    Expires: '0',
    ...reply.headers,
  };
  // A route may drop a default header by setting it to ''.
  for (const [k, v] of Object.entries(headers)) if (v === '') delete headers[k];
  if (reply.type === 'text/html') headers['Content-Security-Policy'] = CONTENT_SECURITY_POLICY;
  const etag = headers.ETag;
  if (etag && etagMatches(req.headers['if-none-match'], etag)) {
    delete headers['Content-Type'];
    res.writeHead(304, headers).end();
    return;
  }
  let body = typeof reply.body === 'string' ? Buffer.from(reply.body, 'utf8') : reply.body;
  if (isCompressible(reply.type)) {
    headers.Vary = 'Accept-Encoding';
    if (acceptsGzip(req.headers['accept-encoding']) && body.length > 0) {
      body = reply.gzipped ?? (await gzipBody(body));
      headers['Content-Encoding'] = 'gzip';
    }
  }
  headers['Content-Length'] = String(body.length);
  res.writeHead(reply.status, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * An http.Server (not listening yet) that answers every request with `handler`; `loopbackOnly`:
 * requests whose Host header is not a loopback name get 403 (host-check.ts).
 */
export function createHttpServer(handler: Handler, log: LogFn, loopbackOnly = false): Server {
  const server = createServer((req, res) => {
    replyFor(handler, req, log, loopbackOnly)
      .then((reply) => send(req, res, reply))
      .catch((err: unknown) => {
        log(`error answering ${req.url}: ${String(err)}`);
        res.destroy();
      });
  });
  // Keep-alive connections must not hold close() up for long.
  server.keepAliveTimeout = 5_000;
  return server;
}
