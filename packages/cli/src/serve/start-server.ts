/**
 * `startServer(options)`: the programmatic entry of `tbg serve` (used by the command, the tests
 * and the board's tests). It listens at once, loads the logdirs in the background (`firstLoad`
 * settles when the first load is done), then reloads every `reloadIntervalS` seconds: only new
 * bytes are read, new runs are found, memory stays bounded by the reservoirs.
 */
import type { AddressInfo } from 'node:net';
import { parseSamplesPerPlugin, type SampleLimit, type SamplesPerPlugin } from '@tbg/events';
import { buildRouter } from './app.js';
import { DataSource, type LogdirSpec } from './data-source.js';
import { isLoopbackBind } from './host-check.js';
import { createHttpServer, type LogFn } from './http-server.js';
import type { LoadProgress } from './load-progress.js';
import { Loader } from './reload-loop.js';
import { cliVersion, defaultAssetsDir } from './locate.js';
import type { RouteContext } from './routes/context.js';
import { StaticAssets } from './static-assets.js';

export interface ServerOptions {
  /** One logdir path, or `--logdir_spec` entries. */
  logdirs: string | readonly LogdirSpec[];
  /** Default 127.0.0.1 (loopback only). */
  host?: string;
  /** Default 6006; 0 picks any free port. */
  port?: number;
  /** Seconds between reloads; 0 loads once. Default 5. */
  reloadIntervalS?: number;
  /** `scalars=1000,images=10,…` or an object; also the query-time sample counts. */
  samplesPerPlugin?: string | SamplesPerPlugin;
  /** The board's static files. Default: `<repo>/apps/board/dist` if built; `null`: the built-in page. */
  assetsDir?: string | null;
  /** Server log lines (warnings, damaged files). Default: stderr. */
  log?: LogFn;
  /** `--logdir`/`--logdir_spec` as the user wrote it, for /data/environment. */
  dataLocation?: string;
}

export interface RunningServer {
  url: string;
  host: string;
  port: number;
  /** Settles when the first load has finished (it never rejects: errors are logged). */
  firstLoad: Promise<void>;
  source: DataSource;
  progress(): LoadProgress;
  /** Reloads now (also what the timer does). */
  reload(): Promise<void>;
  close(): Promise<void>;
}

function specsOf(logdirs: ServerOptions['logdirs']): LogdirSpec[] {
  return typeof logdirs === 'string' ? [{ name: null, path: logdirs }] : [...logdirs];
}

function samplesOf(s: ServerOptions['samplesPerPlugin']): Record<string, SampleLimit> {
  return typeof s === 'string' ? parseSamplesPerPlugin(s) : { ...(s ?? {}) };
}

const urlHost = (host: string): string => (host.includes(':') ? `[${host}]` : host);

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const log: LogFn = options.log ?? ((line) => process.stderr.write(`tbg serve: ${line}\n`));
  const specs = specsOf(options.logdirs);
  const samplesPerPlugin = samplesOf(options.samplesPerPlugin);
  const source = new DataSource(specs, { samplesPerPlugin });
  const reloadIntervalS = options.reloadIntervalS ?? 5;
  const assetsDir = options.assetsDir === undefined ? defaultAssetsDir() : options.assetsDir;
  const ctx: RouteContext = {
    source,
    samplesPerPlugin,
    dataLocation: options.dataLocation ?? specs.map((s) => (s.name === null ? s.path : `${s.name}:${s.path}`)).join(','),
    version: cliVersion(),
    flags: { reload_interval: reloadIntervalS, samples_per_plugin: samplesPerPlugin, assets: assetsDir },
  };
  const loader = new Loader(source, log);
  const router = buildRouter(ctx, assetsDir ? new StaticAssets(assetsDir) : null, () => loader.progress());
  const host = options.host ?? '127.0.0.1';
  const server = createHttpServer((req) => router.handle(req), log, isLoopbackBind(host));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 6006, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const firstLoad = loader.start(reloadIntervalS);
  return {
    url: `http://${urlHost(host)}:${port}/`,
    host,
    port,
    firstLoad,
    source,
    progress: () => loader.progress(),
    reload: () => loader.reloadOnce(),
    close: async () => {
      loader.stop();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
