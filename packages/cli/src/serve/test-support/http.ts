/** Small HTTP helpers for the server's tests: raw requests (no automatic decompression). */
import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body as sent (still gzipped when Content-Encoding says so). */
  raw: Buffer;
  /** The body decoded (gunzipped when needed). */
  body: Buffer;
  text: string;
  json<T = unknown>(): T;
}

/** GET (or another method) of `path` exactly as given (no normalisation of `..` or `%2e`). */
export function rawRequest(base: string, path: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<RawResponse> {
  const u = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ host: u.hostname, port: u.port, path, method: options.method ?? 'GET', headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const body = res.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw;
        const text = body.toString('utf8');
        resolve({ status: res.statusCode ?? 0, headers: res.headers, raw, body, text, json: <T>() => JSON.parse(text) as T });
      });
    });
    req.on('error', reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

export const get = (base: string, path: string, headers?: Record<string, string>): Promise<RawResponse> => rawRequest(base, path, { headers });

export function q(params: Record<string, string | number>): string {
  return new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString();
}
