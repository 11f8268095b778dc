import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseInline, parseMarkdown } from './markdown-lite.js';

describe('markdown-lite', () => {
  it('reads headings, paragraphs joined across lines, tables and fenced code', () => {
    const md = '# Title\n\nOne line\nand the next.\n\n| a | b |\n|---|---|\n| `x|y` | [z](http://e/z) |\n\n```\ncode here\n```\n';
    expect(parseMarkdown(md)).toEqual([
      { kind: 'heading', level: 1, text: [{ text: 'Title' }] },
      { kind: 'paragraph', text: [{ text: 'One line and the next.' }] },
      { kind: 'table', head: [[{ text: 'a' }], [{ text: 'b' }]], rows: [[[{ code: 'x|y' }], [{ link: 'z', href: 'http://e/z' }]]] },
      { kind: 'code', text: 'code here' },
    ]);
  });

  it('keeps text around inline code and links', () => {
    expect(parseInline('see `a` and [b](c) now')).toEqual([{ text: 'see ' }, { code: 'a' }, { text: ' and ' }, { link: 'b', href: 'c' }, { text: ' now' }]);
  });

  it('ends on any input: odd line breaks, unclosed fences and tables; unsafe links become text', () => {
    for (const md of ['# a\u2028b\n', '#\n##\n', '```\nno end', '|\n|', '\u2029', ' # x', '| a |\n|---|\n']) expect(Array.isArray(parseMarkdown(md))).toBe(true);
    expect(parseInline('[x](javascript:alert(1))')).toEqual([{ text: 'x' }, { text: ')' }]);
    expect(parseInline('[x](data:text/html,hi)')).toEqual([{ text: 'x' }]);
    expect(parseInline('[x](graphs/a.md)')).toEqual([{ link: 'x', href: 'graphs/a.md' }]);
  });

  it("reads the demo's ATTRIBUTION.md: one table row per bundled file, non-ASCII intact", () => {
    const md = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'graphs', 'ATTRIBUTION.md'), 'utf8');
    const blocks = parseMarkdown(md);
    const table = blocks.find((b) => b.kind === 'table');
    expect(table?.kind === 'table' && table.rows.length).toBe(7);
    expect(JSON.stringify(blocks)).toContain('©');
  });
});
