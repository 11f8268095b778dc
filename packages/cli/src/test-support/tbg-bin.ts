/** The built `tbg` bin, as the tests run it: `node dist/tbg.js COMMAND …`. */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const TBG_BIN = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist', 'tbg.js');

/** Runs `tbg COMMAND ARGS…` and returns its exit status and output. */
export function runTbg(command: string, args: readonly string[], timeout = 300_000): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, [TBG_BIN, command, ...args], { encoding: 'utf8', maxBuffer: 1 << 26, timeout });
}
