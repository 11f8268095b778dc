/**
 * `pnpm bench`: runs every package's `bench` script in dependency order, one at a time, and
 * keeps stdout to JSON lines only — anything else a benchmark or a tool prints goes to stderr,
 * so that `pnpm bench > figures.jsonl` holds figures and nothing else. Arguments (e.g.
 * `--quick`) are passed to every benchmark. Exits non-zero when a benchmark fails.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { repoRoot } from './fixtures.js';

interface Pkg {
  name: string;
  dir: string;
  deps: string[];
}

function benchPackages(root: string): Pkg[] {
  const out: Pkg[] = [];
  for (const group of ['packages', 'tools', 'apps']) {
    if (!existsSync(join(root, group))) continue;
    for (const d of readdirSync(join(root, group)).sort()) {
      const file = join(root, group, d, 'package.json');
      if (!existsSync(file)) continue;
      const json = JSON.parse(readFileSync(file, 'utf8')) as { name: string; scripts?: Record<string, string>; dependencies?: Record<string, string> };
      if (json.scripts?.['bench']) out.push({ name: json.name, dir: join(root, group, d), deps: Object.keys(json.dependencies ?? {}) });
    }
  }
  return out;
}

/** Dependencies first (Kahn's order; ties by name). */
function dependencyOrder(pkgs: Pkg[]): Pkg[] {
  const done = new Set<string>();
  const order: Pkg[] = [];
  while (order.length < pkgs.length) {
    const ready = pkgs.filter((p) => !done.has(p.name) && p.deps.every((d) => done.has(d) || !pkgs.some((q) => q.name === d)));
    if (ready.length === 0) throw new Error('dependency cycle among benchmarked packages');
    for (const p of ready) {
      done.add(p.name);
      order.push(p);
    }
  }
  return order;
}

function runBench(pkg: Pkg, args: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('pnpm', ['--silent', 'run', 'bench', ...args], { cwd: pkg.dir, stdio: ['ignore', 'pipe', 'inherit'] });
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      const json = line.startsWith('{') && line.endsWith('}');
      (json ? process.stdout : process.stderr).write(line + '\n');
    });
    child.on('close', (code) => resolve(code ?? 1));
  });
}

const args = process.argv.slice(2);
let failed = 0;
for (const pkg of dependencyOrder(benchPackages(repoRoot()))) {
  process.stderr.write(`bench: ${pkg.name}\n`);
  const code = await runBench(pkg, args);
  if (code !== 0) {
    process.stderr.write(`bench: ${pkg.name} exited ${code}\n`);
    failed++;
  }
}
process.exitCode = failed ? 1 : 0;
