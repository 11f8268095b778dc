/**
 * Markdown from event files → HTML that cannot run script (TensorBoard's `plugin_util`
 * pipeline, with markdown-it in place of Python-Markdown + bleach). Safe by construction:
 * raw HTML in the source is never passed through (markdown-it `html: false` escapes it, as
 * bleach escapes disallowed tags), so the only tags are markdown-it's own (p, h1–h6, em,
 * strong, code, pre, a, img, ul, ol, li, blockquote, hr, br, table…), and link and image URLs
 * must be http, https, mailto or relative (no `javascript:`, `data:`, `vbscript:`).
 */
import MarkdownIt from 'markdown-it';

/** A scheme-less (relative) URL, or one of the schemes bleach keeps. */
export function isSafeUrl(url: string): boolean {
  const u = url.trim();
  if (/^(https?:|mailto:)/i.test(u)) return true;
  const end = u.search(/[/?#]/);
  return !(end < 0 ? u : u.slice(0, end)).includes(':');
}

const md = new MarkdownIt({ html: false, linkify: false, typographer: false });
md.validateLink = isSafeUrl;

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/** NUL characters are removed, with TensorBoard's warning comment in front of the output. */
function withoutNuls(source: string): { text: string; warning: string } {
  if (!source.includes('\0')) return { text: source, warning: '' };
  const count = source.split('\0').length - 1;
  return { text: source.replaceAll('\0', ''), warning: `<!-- WARNING: discarded ${count} null bytes in markdown string after UTF-8 decoding -->\n` };
}

export function markdownToSafeHtml(source: string): string {
  const { text, warning } = withoutNuls(source);
  return warning + md.render(text);
}

/** Plain text as HTML (TensorBoard's `markdown=false`): everything escaped. */
export function textToSafeHtml(source: string): string {
  const { text, warning } = withoutNuls(source);
  return warning + escapeHtml(text);
}
