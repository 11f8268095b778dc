/** The monorepo's workspace packages, read from disk (no dependency on any of them). */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

export interface PackageJson {
  name: string;
  private?: boolean;
  sideEffects?: boolean | string[];
  files?: string[];
  bin?: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

export interface WorkspacePackage {
  dir: string;
  json: PackageJson;
}

/** Every package under packages/, apps/ and tools/ that has a package.json. */
export function workspacePackages(): WorkspacePackage[] {
  const out: WorkspacePackage[] = [];
  for (const group of ['packages', 'apps', 'tools']) {
    const root = join(REPO_ROOT, group);
    if (!existsSync(root)) continue;
    for (const name of readdirSync(root).sort()) {
      const file = join(root, name, 'package.json');
      if (existsSync(file)) out.push({ dir: `${group}/${name}`, json: JSON.parse(readFileSync(file, 'utf8')) as PackageJson });
    }
  }
  return out;
}

/** The published ones. */
export function publishedPackages(): WorkspacePackage[] {
  return workspacePackages().filter((p) => !p.json.private);
}
