/**
 * The server's view of its logdirs: one `Logdir` (from @tbg/events) per `--logdir` or
 * `--logdir_spec` entry, their runs under one namespace, sorted as TensorBoard sorts them (by
 * start time, then name), and what may be served.
 *
 * Only what lies under a logdir is read and served: each Logdir is confined (`confine`: a symlink
 * whose real path lies outside the logdir is left out at discovery, unopened, and reported as a
 * file problem). Runs with no event at all (only empty or non-event files) are left out too.
 */
import { Logdir, type ReloadReport, type RunAccumulator, type SamplesPerPlugin, type TimeSeries } from '@tbg/events';

export interface LogdirSpec {
  /** The `name` of a `--logdir_spec` entry (runs become `name/run`), or null for `--logdir`. */
  name: string | null;
  path: string;
}

export interface RunRef {
  /** The served run name. */
  name: string;
  /** The run's name inside its logdir. */
  inner: string;
  root: LogdirRoot;
}

export interface LogdirRoot {
  spec: LogdirSpec;
  logdir: Logdir;
}

export interface DataSourceOptions {
  samplesPerPlugin?: SamplesPerPlugin | string;
}

export function servedRunName(spec: LogdirSpec, inner: string): string {
  if (spec.name === null) return inner;
  return inner === '.' ? spec.name : `${spec.name}/${inner}`;
}

export class DataSource {
  readonly roots: LogdirRoot[];
  /** Served runs (those with events) by name, and in TensorBoard's order. */
  private byName = new Map<string, RunRef>();
  private sorted: RunRef[] = [];

  constructor(specs: readonly LogdirSpec[], options: DataSourceOptions = {}) {
    this.roots = specs.map((spec) => ({ spec, logdir: new Logdir(spec.path, { samplesPerPlugin: options.samplesPerPlugin, confine: true }) }));
  }

  /** Reloads every logdir (new bytes, new runs, runs gone), then re-sorts the runs. */
  async reload(): Promise<ReloadReport[]> {
    const reports: ReloadReport[] = [];
    for (const root of this.roots) reports.push(await root.logdir.reload());
    this.refreshRuns();
    return reports;
  }

  private refreshRuns(): void {
    const refs: RunRef[] = [];
    for (const root of this.roots) for (const inner of root.logdir.runs()) refs.push({ name: servedRunName(root.spec, inner), inner, root });
    this.sorted = refs.filter((ref) => this.accumulator(ref).events > 0);
    this.sorted.sort((a, b) => compareRuns(this.accumulator(a), this.accumulator(b), a.name, b.name));
    this.byName = new Map(this.sorted.map((ref) => [ref.name, ref]));
  }

  private accumulator(ref: RunRef): RunAccumulator {
    return ref.root.logdir.run(ref.inner)!;
  }

  /** Served runs, in TensorBoard's order. */
  runs(): RunRef[] {
    return this.sorted;
  }

  run(name: string): RunRef | undefined {
    return this.byName.get(name);
  }

  accumulatorOf(name: string): RunAccumulator | undefined {
    const ref = this.run(name);
    return ref && this.accumulator(ref);
  }

  series(run: string, tag: string): TimeSeries | undefined {
    return this.accumulatorOf(run)?.timeSeries(tag);
  }

  /** Every served (run, series) whose plugin is one of `plugins`, runs in order. */
  seriesOf(plugins: readonly string[]): Array<{ run: string; series: TimeSeries[] }> {
    const out: Array<{ run: string; series: TimeSeries[] }> = [];
    for (const ref of this.sorted) {
      const series = this.accumulator(ref)
        .allTimeSeries()
        .filter((s) => plugins.includes(s.metadata.plugin));
      if (series.length) out.push({ run: ref.name, series });
    }
    return out;
  }

  /** Whether any served run has a series of one of `plugins`. */
  hasPlugin(plugins: readonly string[]): boolean {
    return this.sorted.some((ref) => this.accumulator(ref).allTimeSeries().some((s) => plugins.includes(s.metadata.plugin)));
  }
}

function compareRuns(a: RunAccumulator, b: RunAccumulator, an: string, bn: string): number {
  const ta = a.firstWallTime ?? Infinity;
  const tb = b.firstWallTime ?? Infinity;
  if (ta !== tb) return ta < tb ? -1 : 1;
  return an < bn ? -1 : an > bn ? 1 : 0;
}
