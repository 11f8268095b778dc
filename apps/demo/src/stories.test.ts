import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { GENERATED_GRAPHS } from './generated-graphs.js';
import { GROUPS, STORIES, URL_STORY } from './stories.js';

const PUBLIC = join(dirname(fileURLToPath(import.meta.url)), '..', 'public');

describe('story catalogue', () => {
  it('has unique ids in known groups, and every group has stories', () => {
    const keys = STORIES.map((s) => `${s.group}/${s.id}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const s of STORIES) expect(GROUPS.map((g) => g.id)).toContain(s.group);
    for (const g of GROUPS) expect(STORIES.some((s) => s.group === g.id)).toBe(true);
    expect(URL_STORY.kind).toBe('url');
  });

  it('points every real graph at a committed file, and every generated one at the generator list', () => {
    const generated = GENERATED_GRAPHS.map((g) => `generated/${g.file}`);
    for (const s of STORIES.filter((s) => s.src)) {
      if (s.src!.startsWith('generated/')) expect(generated).toContain(s.src);
      else expect(existsSync(join(PUBLIC, s.src!)), s.src).toBe(true);
    }
  });
});
