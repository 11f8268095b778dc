import { describe, expect, it } from 'vitest';
import { MAX_TABLE_COLUMNS, MAX_TABLE_ROWS, textToHtml } from './text.js';

const cells = (html: string) => html.match(/<td>/g)?.length ?? 0;

describe('text as HTML', () => {
  it('a scalar string is Markdown; a 1-D tensor one column; a 2-D one a table; more dimensions their first slice, with a warning', () => {
    expect(textToHtml([], ['**hi**'], true)).toContain('<strong>hi</strong>');
    expect(cells(textToHtml([3], ['a', 'b', 'c'], true))).toBe(3);
    const t = textToHtml([2, 3], ['a', 'b', 'c', 'd', 'e', 'f'], true);
    expect(cells(t)).toBe(6);
    // Row by row: a, b, c, then d, e, f.
    expect(t.indexOf('<p>a</p>')).toBeGreaterThan(0);
    expect(t.indexOf('<p>c</p>')).toBeLessThan(t.indexOf('<p>d</p>'));
    const deep = textToHtml([2, 2, 2], ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'], true);
    expect(deep).toMatch(/only 2d tables are supported/);
    expect(cells(deep)).toBe(4);
  });

  it('renders a huge table only up to its limits, and says so', () => {
    const [rows, cols] = [4096, 4096];
    // The reader expands a repeated string to every cell: as many strings as cells.
    const strings = new Array<string>(rows * cols).fill('x');
    const html = textToHtml([rows, cols], strings, true);
    expect(cells(html)).toBe(MAX_TABLE_ROWS * MAX_TABLE_COLUMNS);
    expect(html).toContain(`Showing the first ${MAX_TABLE_ROWS} of 4096 rows and ${MAX_TABLE_COLUMNS} of 4096 columns.`);
  });

  it('keeps event-file HTML as text', () => {
    const html = textToHtml([], ['<script>alert(1)</script><img src=x onerror=alert(2)>'], true);
    expect(html).not.toMatch(/<script|<img/);
    expect(textToHtml([1], ['<b>x</b>'], false)).not.toContain('<b>');
  });
});
