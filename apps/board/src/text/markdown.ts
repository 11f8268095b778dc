/**
 * A safe Markdown subset, for a server that sends a text summary's raw string: built straight
 * into DOM nodes (text is only ever text), with headings, paragraphs, lists, block quotes,
 * fenced code, rules, pipe tables, and inline code, bold, italics and http(s) links.
 */
import { safeUrl } from './sanitize.js';

const INLINE = /(`+)([\s\S]*?)\1|\*\*([^*]+)\*\*|__([^_]+)__|\*([^*\s][^*]*)\*|_([^_\s][^_]*)_|\[([^\]]+)\]\(([^)\s]+)\)/g;

function el(tag: string, ...children: Node[]): HTMLElement {
  const e = document.createElement(tag);
  e.append(...children);
  return e;
}

export function inline(text: string): Node[] {
  const out: Node[] = [];
  let last = 0;
  for (const m of text.matchAll(INLINE)) {
    if (m.index > last) out.push(document.createTextNode(text.slice(last, m.index)));
    last = m.index + m[0].length;
    if (m[1]) out.push(el('code', document.createTextNode(m[2]!)));
    else if (m[3] ?? m[4]) out.push(el('strong', ...inline((m[3] ?? m[4])!)));
    else if (m[5] ?? m[6]) out.push(el('em', ...inline((m[5] ?? m[6])!)));
    else {
      const url = safeUrl(m[8]!);
      const a = el(url ? 'a' : 'span', ...inline(m[7]!));
      if (url) Object.assign(a, { href: url, rel: 'noopener noreferrer nofollow', target: '_blank' });
      out.push(a);
    }
  }
  if (last < text.length) out.push(document.createTextNode(text.slice(last)));
  return out;
}

const cells = (line: string): string[] => line.trim().replace(/^\||\|$/g, '').split('|').map((c) => c.trim());

function table(lines: string[]): HTMLElement {
  const [head, , ...body] = lines;
  const row = (line: string, cell: string) => el('tr', ...cells(line).map((c) => el(cell, ...inline(c))));
  return el('table', el('thead', row(head!, 'th')), el('tbody', ...body.map((l) => row(l, 'td'))));
}

function list(lines: string[]): HTMLElement {
  const ordered = /^\s*\d+[.)]\s/.test(lines[0]!);
  return el(ordered ? 'ol' : 'ul', ...lines.map((l) => el('li', ...inline(l.replace(/^\s*([-*+]|\d+[.)])\s+/, '')))));
}

/** Lines from `i` while `test` holds. */
function take(lines: string[], i: number, test: (l: string) => boolean): string[] {
  const out: string[] = [];
  while (i + out.length < lines.length && test(lines[i + out.length]!)) out.push(lines[i + out.length]!);
  return out;
}

const LIST_ITEM = /^\s*([-*+]|\d+[.)])\s+/;
const TABLE_SEP = /^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/;

/** One block starting at line `i`: the node and the number of lines it used. */
function block(lines: string[], i: number): [Node | null, number] {
  const line = lines[i]!;
  if (/^\s*$/.test(line)) return [null, 1];
  const fence = /^\s*(```|~~~)/.exec(line);
  if (fence) {
    const code = take(lines, i + 1, (l) => !l.trim().startsWith(fence[1]!));
    return [el('pre', el('code', document.createTextNode(code.join('\n')))), code.length + 2];
  }
  const heading = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
  if (heading) return [el(`h${heading[1]!.length}`, ...inline(heading[2]!)), 1];
  if (/^\s*([-*_])(\s*\1){2,}\s*$/.test(line)) return [el('hr'), 1];
  if (line.includes('|') && TABLE_SEP.test(lines[i + 1] ?? '')) {
    const rows = take(lines, i, (l) => l.includes('|'));
    return [table(rows), rows.length];
  }
  if (LIST_ITEM.test(line)) {
    const items = take(lines, i, (l) => LIST_ITEM.test(l));
    return [list(items), items.length];
  }
  if (/^\s*>/.test(line)) {
    const quoted = take(lines, i, (l) => /^\s*>/.test(l)).map((l) => l.replace(/^\s*>\s?/, ''));
    return [el('blockquote', ...markdown(quoted.join('\n')).childNodes), quoted.length];
  }
  const para = take(lines, i, (l) => !/^\s*$/.test(l) && !/^(#{1,6}\s|\s*```|\s*>)/.test(l) && !LIST_ITEM.test(l));
  const n = Math.max(1, para.length);
  return [el('p', ...inline(lines.slice(i, i + n).join('\n'))), n];
}

export function markdown(text: string): DocumentFragment {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const out = document.createDocumentFragment();
  for (let i = 0; i < lines.length; ) {
    const [node, used] = block(lines, i);
    if (node) out.append(node);
    i += used;
  }
  return out;
}
