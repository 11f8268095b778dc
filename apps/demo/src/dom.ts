/** A small element builder: the demo's views are a few dozen nodes, no framework needed. */
type Child = Node | string | false | null | undefined;
type Attr = string | number | boolean | undefined | ((e: Event) => void);

/**
 * `h('button', { class: 'x', onclick: fn }, 'Fit')`: `on*` keys add listeners, `true` sets an
 * empty attribute, `false`/`undefined` leave it out.
 */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, Attr> = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (typeof value === 'function') el.addEventListener(key.slice(2), value);
    else if (value === true) el.setAttribute(key, '');
    else if (value !== false && value !== undefined) el.setAttribute(key, String(value));
  }
  append(el, ...children);
  return el;
}

export function append(parent: Node, ...children: Child[]): void {
  for (const c of children) if (c !== false && c !== null && c !== undefined) parent.appendChild(typeof c === 'string' ? document.createTextNode(c) : c);
}

/** Milliseconds for a person: "12 ms", "1.4 s". */
export function formatMs(ms: number): string {
  if (!Number.isFinite(ms)) return '–';
  if (ms >= 1000) return `${(ms / 1000).toFixed(ms >= 10_000 ? 0 : 1)} s`;
  return `${ms >= 10 ? Math.round(ms) : ms.toFixed(1)} ms`;
}
