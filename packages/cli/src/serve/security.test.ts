/**
 * Only what lies under the logdir and the assets directory is served: traversal (plain and
 * percent-encoded), absolute paths, NUL, and symlinks out are refused with 400/403/404; run and
 * tag parameters are looked up, never used as paths. Static assets carry ETag and
 * Cache-Control and answer 304; textual responses are gzipped when the client accepts it.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileWriter } from '@tbg/events';
import { startServer, type RunningServer } from './start-server.js';
import { get, q, rawRequest } from './test-support/http.js';

let tmp: string;
let server: RunningServer;
const logs: string[] = [];

function writeRun(dir: string, tag: string): void {
  const w = createFileWriter(dir);
  w.scalar(tag, 1, 0);
  w.close();
}

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'tbg-serve-sec-'));
  const logdir = join(tmp, 'logdir');
  const outside = join(tmp, 'outside');
  writeRun(join(logdir, 'inside'), 'ok');
  writeRun(outside, 'secret');
  symlinkSync(outside, join(logdir, 'linked-out'));
  const assets = join(tmp, 'assets');
  mkdirSync(join(assets, 'assets'), { recursive: true });
  writeFileSync(join(assets, 'index.html'), '<!doctype html><title>board</title>' + 'x'.repeat(2000));
  writeFileSync(join(assets, 'assets', 'index-Bx3kP9aQ.js'), 'console.log(1);'.repeat(200));
  writeFileSync(join(tmp, 'secret.txt'), 'secret');
  symlinkSync(join(tmp, 'secret.txt'), join(assets, 'leak.txt'));
  server = await startServer({ logdirs: logdir, port: 0, reloadIntervalS: 0, assetsDir: assets, log: (l) => logs.push(l) });
  await server.firstLoad;
});

afterAll(async () => {
  await server.close();
  rmSync(tmp, { recursive: true, force: true });
});

describe('logdir confinement', () => {
  it('leaves out a run whose directory links outside the logdir, and reports it', async () => {
    expect((await get(server.url, '/data/runs')).json()).toEqual(['inside']);
    expect((await get(server.url, `/data/plugin/scalars/scalars?${q({ run: 'linked-out', tag: 'secret' })}`)).status).toBe(404);
    // Left out at discovery: nothing behind the link is ever opened.
    const loss = (await get(server.url, '/data/tbg/data_loss')).json<{ files: Array<{ kind: string; path: string }> }>();
    expect(loss.files).toContainEqual(expect.objectContaining({ kind: 'outside-logdir', path: expect.stringMatching(/linked-out$/) as unknown }));
    expect(server.progress().records).toBe(2);
    expect(logs.some((l) => l.includes('linked-out'))).toBe(true);
  });

  it('looks run and tag up: a path in them reaches nothing', async () => {
    for (const run of ['../outside', '/etc', '..%2f..%2fetc']) {
      const res = await get(server.url, `/data/plugin/scalars/scalars?${q({ run, tag: 'secret' })}`);
      expect(res.status).toBe(404);
    }
  });
});

describe('DNS rebinding', () => {
  it('a server on loopback answers requests addressed to a loopback name only', async () => {
    const port = new URL(server.url).port;
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, 'localhost', `[::1]:${port}`, `app.localhost:${port}`]) {
      expect((await get(server.url, '/data/runs', { host })).status, host).toBe(200);
    }
    for (const host of [`attacker.example:${port}`, 'attacker.example', `127.0.0.1.attacker.example:${port}`]) {
      const res = await get(server.url, '/data/runs', { host });
      expect(res.status, host).toBe(403);
      expect(res.text).toMatch(/^Permission denied: /);
      expect(res.text).not.toContain('inside');
    }
  });
});

describe('experiment paths', () => {
  it('/experiment/<id> without its slash redirects to it, keeping the query, so relative URLs resolve', async () => {
    const res = await rawRequest(server.url, '/experiment/abc?x=1');
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe('abc/?x=1');
    expect(new URL(res.headers.location as string, `${server.url}experiment/abc?x=1`).pathname).toBe('/experiment/abc/');
    expect((await rawRequest(server.url, '/experiment/abc/data/runs')).status).toBe(200);
  });
});

describe('static assets', () => {
  const refused: Array<[string, number]> = [
    ['/../secret.txt', 400],
    ['/%2e%2e/secret.txt', 400],
    ['/assets/%2E%2E/%2e%2e/secret.txt', 400],
    ['/assets/..%2f..%2fsecret.txt', 400],
    ['//etc/passwd', 400],
    ['/%2fetc%2fpasswd', 400],
    ['/a%00b', 400],
    ['/%zz', 400],
    ['/leak.txt', 403],
    ['/missing.js', 404],
    ['/assets', 404],
  ];
  it.each(refused)('refuses %s with %i', async (path, status) => {
    const res = await rawRequest(server.url, path);
    expect(res.status).toBe(status);
    expect(res.text).not.toContain('secret');
  });

  it('serves index.html with an ETag, no-cache, a CSP, and 304 when unchanged', async () => {
    const first = await get(server.url, '/');
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers['content-security-policy']).toContain("script-src 'self'");
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await get(server.url, '/index.html', { 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.raw.length).toBe(0);
    expect((await get(server.url, '/', { 'If-None-Match': '"other"' })).status).toBe(200);
  });

  it('caches hashed assets for a year', async () => {
    const res = await get(server.url, '/assets/index-Bx3kP9aQ.js');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
  });

  it('gzips textual responses only for clients that accept gzip', async () => {
    const gz = await get(server.url, '/assets/index-Bx3kP9aQ.js', { 'Accept-Encoding': 'gzip, deflate' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.raw.length).toBeLessThan(gz.body.length);
    expect(Number(gz.headers['content-length'])).toBe(gz.raw.length);
    expect(gz.text).toBe('console.log(1);'.repeat(200));
    const json = await get(server.url, '/data/runs', { 'Accept-Encoding': 'gzip' });
    expect([json.headers['content-encoding'], json.json()]).toEqual(['gzip', ['inside']]);
    for (const ae of ['gzip;q=0', 'identity', '']) expect((await get(server.url, '/data/runs', { 'Accept-Encoding': ae })).headers['content-encoding']).toBeUndefined();
  });

  it('answers HEAD with headers only', async () => {
    const res = await rawRequest(server.url, '/index.html', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(Number(res.headers['content-length'])).toBeGreaterThan(2000);
    expect(res.raw.length).toBe(0);
  });
});
