/**
 * A local HTTP server for browser tests: pages need an origin (module workers, fetch), and
 * tests serve their bundles and fixtures from it. Binds 127.0.0.1 on a free port.
 */
import { createServer } from 'node:http';

export interface TestResponse {
  body: Uint8Array | string;
  type?: string;
}

export interface TestServer {
  origin: string;
  close(): Promise<void>;
}

/** What `route` answers for `path`; null (a 404) when it throws too. */
function respond(route: (path: string) => TestResponse | null, path: string): TestResponse | null {
  try {
    return route(path);
  } catch {
    return null;
  }
}

/** Serves what `route(path)` returns for each GET, 404 where it returns null (or throws). */
export async function startTestServer(route: (path: string) => TestResponse | null): Promise<TestServer> {
  const server = createServer((req, res) => {
    const r = respond(route, req.url ?? '/');
    if (r) res.writeHead(200, { 'content-type': r.type ?? 'application/octet-stream' }).end(r.body);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
