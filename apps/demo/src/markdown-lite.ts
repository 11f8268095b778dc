/**
 * Just enough Markdown for the demo's ATTRIBUTION.md, as plain data (tested in Node): headings,
 * paragraphs, tables and fenced code, with `code` spans and [links](url) inline. Served as a
 * file, the Markdown was shown raw, and mis-decoded (no charset on `.md`); fetched, it is UTF-8.
 */
export type Inline = { text: string } | { code: string } | { link: string; href: string };

export type Block =
  | { kind: 'heading'; level: number; text: Inline[] }
  | { kind: 'paragraph'; text: Inline[] }
  | { kind: 'table'; head: Inline[][]; rows: Inline[][][] }
  | { kind: 'code'; text: string };

const INLINE = /`([^`]+)`|\[([^\]]+)\]\(([^)\s]+)\)/g;

/** Links the page may follow: web addresses and relative paths (no `javascript:` and the like). */
const SAFE_HREF = /^(https?:\/\/|[^:]*$)/i;

export function parseInline(s: string): Inline[] {
  const out: Inline[] = [];
  let at = 0;
  for (const m of s.matchAll(INLINE)) {
    if (m.index > at) out.push({ text: s.slice(at, m.index) });
    if (m[1] !== undefined) out.push({ code: m[1] });
    else if (SAFE_HREF.test(m[3]!)) out.push({ link: m[2]!, href: m[3]! });
    else out.push({ text: m[2]! });
    at = m.index + m[0].length;
  }
  if (at < s.length) out.push({ text: s.slice(at) });
  return out;
}

/** The cells of a table row `| a | b |` (pipes inside `code` spans do not split). */
function cells(line: string): Inline[][] {
  const parts: string[] = [];
  let cur = '';
  let inCode = false;
  for (const ch of line.trim().replace(/^\||\|$/g, '')) {
    if (ch === '`') inCode = !inCode;
    if (ch === '|' && !inCode) {
      parts.push(cur);
      cur = '';
    } else cur += ch;
  }
  parts.push(cur);
  return parts.map((p) => parseInline(p.trim()));
}

const isRule = (line: string) => /^\|?\s*:?-{3,}/.test(line.trim());

export function parseMarkdown(md: string): Block[] {
  const lines = md.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; ) {
    const line = lines[i]!;
    // Not `.`: it stops at U+2028, and a heading it failed to read would be read by no branch.
    const heading = /^(#{1,6})\s+([^\n]*)$/.exec(line);
    if (!line.trim()) i++;
    else if (heading) {
      blocks.push({ kind: 'heading', level: heading[1]!.length, text: parseInline(heading[2]!) });
      i++;
    } else if (line.startsWith('```')) {
      const end = lines.findIndex((l, k) => k > i && l.startsWith('```'));
      const stop = end < 0 ? lines.length : end;
      blocks.push({ kind: 'code', text: lines.slice(i + 1, stop).join('\n') });
      i = stop + 1;
    } else if (line.trimStart().startsWith('|')) {
      const rows: string[] = [];
      while (i < lines.length && lines[i]!.trimStart().startsWith('|')) rows.push(lines[i++]!);
      const head = rows.length > 1 && isRule(rows[1]!) ? cells(rows[0]!) : [];
      blocks.push({ kind: 'table', head, rows: rows.slice(head.length ? 2 : 0).map(cells) });
    } else {
      // The first line always: whatever it is, it is consumed (no line can stall the loop).
      const para: string[] = [lines[i++]!.trim()];
      while (i < lines.length && lines[i]!.trim() && !/^(#{1,6}\s|```|\s*\|)/.test(lines[i]!)) para.push(lines[i++]!.trim());
      blocks.push({ kind: 'paragraph', text: parseInline(para.join(' ')) });
    }
  }
  return blocks;
}
