import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { TBG_BIN } from './test-support/tbg-bin.js';

const tbg = (...args: string[]) => spawnSync(process.execPath, [TBG_BIN, ...args], { encoding: 'utf8' });

describe('tbg', () => {
  it('--help lists every command, exit 0', () => {
    const r = tbg('--help');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^usage: tbg COMMAND/);
    for (const c of ['graph', 'events', 'layout', 'dump-hierarchy', 'render', 'serve', 'example-logdir']) expect(r.stdout).toMatch(new RegExp(`^  ${c} `, 'm'));
  });

  it('no command: usage on stderr, exit 2; an unknown command names it, exit 2', () => {
    const none = tbg();
    expect(none.status).toBe(2);
    expect(none.stderr).toMatch(/^usage: tbg COMMAND/);
    const bad = tbg('frob');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/^tbg: unknown command frob\nusage: tbg COMMAND/);
  });

  it('COMMAND --help shows that command\'s usage, exit 0', () => {
    for (const c of ['graph', 'events', 'layout', 'dump-hierarchy', 'render', 'serve', 'example-logdir']) {
      const r = tbg(c, '--help');
      expect(r.status, c).toBe(0);
      expect(r.stdout).toMatch(new RegExp(`^usage: tbg ${c}`));
    }
  });
});
