/**
 * The board's static files, from one directory only (see safe-path.ts for what is refused).
 * Each file is read once per (size, mtime) and kept with its ETag (a content hash) and, for
 * textual types, its gzipped bytes. `index.html` (and any HTML) is `no-cache`: the browser
 * revalidates it with If-None-Match and gets 304. Vite's content-hashed files under `assets/`
 * never change and are cached for a year.
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { gzip, isCompressible } from './compression.js';
import { mimeType } from './mime-types.js';
import { notFound, type Reply } from './reply.js';
import type { ApiRequest } from './router.js';
import { resolveUnder } from './safe-path.js';

interface CachedFile {
  size: number;
  mtimeMs: number;
  etag: string;
  body: Uint8Array;
  gzipped?: Uint8Array;
}

/** Files above this are not served from the assets directory (the board has none). */
const MAX_ASSET_BYTES = 64 << 20;
/** `name-<hash>.ext` as Vite writes under `assets/`. */
const HASHED = /^assets\/(.+\/)?[^/]+[-.][A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;

export function etagOf(body: Uint8Array): string {
  return `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
}

export function cacheControlFor(relPath: string, type: string): string {
  if (type === 'text/html') return 'no-cache';
  if (HASHED.test(relPath)) return 'public, max-age=31536000, immutable';
  return 'no-cache';
}

export class StaticAssets {
  private readonly cache = new Map<string, CachedFile>();

  constructor(readonly root: string) {}

  /** Serves `req.path` (`/` is `index.html`); GET and HEAD only. */
  async serve(req: ApiRequest): Promise<Reply> {
    if (req.method !== 'GET' && req.method !== 'HEAD') throw notFound();
    const urlPath = req.path === '/' ? '/index.html' : req.path;
    const real = await resolveUnder(this.root, urlPath);
    const file = await this.load(real);
    const type = mimeType(real);
    const rel = decodeURIComponent(urlPath).slice(1);
    return {
      status: 200,
      type,
      body: file.body,
      gzipped: file.gzipped,
      headers: { ETag: file.etag, 'Cache-Control': cacheControlFor(rel, type), Expires: '' },
    };
  }

  private async load(real: string): Promise<CachedFile> {
    const st = await stat(real);
    if (st.size > MAX_ASSET_BYTES) throw notFound();
    const hit = this.cache.get(real);
    if (hit && hit.size === st.size && hit.mtimeMs === st.mtimeMs) return hit;
    const body = await readFile(real);
    const file: CachedFile = { size: st.size, mtimeMs: st.mtimeMs, etag: etagOf(body), body };
    if (isCompressible(mimeType(real)) && body.length > 0) file.gzipped = gzip(body);
    this.cache.set(real, file);
    return file;
  }
}
