/**
 * Text summaries are shown from a DOM built here, never from the server's string as markup: the
 * string is parsed in an inert document (nothing in it runs or loads) and only TensorBoard's
 * allowed tags and attributes (`tensorboard-http-api.md` §4.3) are rebuilt, with http(s) and
 * mailto links only. Everything else becomes its text.
 */

const ALLOWED = new Set(['ul', 'ol', 'li', 'p', 'pre', 'code', 'blockquote', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'br', 'strong', 'em', 'b', 'i', 'a', 'img', 'table', 'thead', 'tbody', 'td', 'tr', 'th', 'del']);
const ATTRS: Record<string, readonly string[]> = { a: ['href', 'title'], img: ['src', 'title', 'alt'] };
/** Elements whose content is code or data, not text for a person: dropped with their content. */
const DROPPED = new Set(['script', 'style', 'template', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'head', 'title']);

/** An http(s) or mailto URL, or undefined (javascript:, data:, relative paths…). */
export function safeUrl(value: string): string | undefined {
  try {
    const url = new URL(value.trim());
    return ['http:', 'https:', 'mailto:'].includes(url.protocol) ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function copyAttributes(from: Element, to: HTMLElement, tag: string): void {
  for (const name of ATTRS[tag] ?? []) {
    const v = from.getAttribute(name);
    if (v === null) continue;
    if (name === 'href' || name === 'src') {
      const url = safeUrl(v);
      if (url) to.setAttribute(name, url);
    } else to.setAttribute(name, v);
  }
  if (tag === 'a') {
    to.setAttribute('rel', 'noopener noreferrer nofollow');
    to.setAttribute('target', '_blank');
  }
}

function rebuild(node: Node, out: Node): void {
  for (const child of Array.from(node.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) out.appendChild(document.createTextNode(child.textContent ?? ''));
    if (child.nodeType !== Node.ELEMENT_NODE) continue;
    const el = child as Element;
    const tag = el.localName;
    if (DROPPED.has(tag)) continue;
    if (!ALLOWED.has(tag)) {
      rebuild(el, out);
      continue;
    }
    const copy = document.createElement(tag);
    copyAttributes(el, copy, tag);
    rebuild(el, copy);
    out.appendChild(copy);
  }
}

/** A fragment holding only allowed elements, from any HTML string. */
export function sanitizeHtml(html: string): DocumentFragment {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const out = document.createDocumentFragment();
  rebuild(doc.body, out);
  return out;
}

/** Whether the server sent rendered HTML (TensorBoard does) rather than the raw Markdown. */
export function looksLikeHtml(text: string): boolean {
  return /^\s*(<!--[\s\S]*?-->\s*)*<(p|table|h[1-6]|ul|ol|pre|blockquote|hr|div)[\s>]/i.test(text);
}
