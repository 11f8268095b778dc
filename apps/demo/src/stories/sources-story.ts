/** "Graph sources and licences": the bundled files' ATTRIBUTION.md, fetched (as UTF-8) and shown as a page. */
import { h } from '../dom.js';
import { parseMarkdown, type Block, type Inline } from '../markdown-lite.js';
import type { StoryBody } from './story-body.js';

function inline(parts: Inline[]): Node[] {
  return parts.map((p) => ('code' in p ? h('code', {}, p.code) : 'link' in p ? h('a', { href: p.href, target: '_blank', rel: 'noopener' }, p.link) : document.createTextNode(p.text)));
}

function block(b: Block): HTMLElement {
  switch (b.kind) {
    case 'heading':
      // The story's own title is the page's h1.
      return h(b.level <= 1 ? 'h2' : 'h3', {}, ...inline(b.text));
    case 'paragraph':
      return h('p', {}, ...inline(b.text));
    case 'code':
      return h('pre', {}, h('code', {}, b.text));
    case 'table':
      return h(
        'div',
        { class: 'table-scroll' },
        h('table', {}, h('thead', {}, h('tr', {}, ...b.head.map((c) => h('th', {}, ...inline(c))))), h('tbody', {}, ...b.rows.map((r) => h('tr', {}, ...r.map((c) => h('td', {}, ...inline(c))))))),
      );
  }
}

export function sourcesStory(src: string): StoryBody {
  const root = h('div', { class: 'sources-story' }, h('p', {}, 'Loading…'));
  let live = true;
  void fetch(src)
    .then((r) => (r.ok ? r.text() : Promise.reject(new Error(`${src}: HTTP ${r.status}`))))
    .then(
      (md) => live && root.replaceChildren(...parseMarkdown(md).map(block)),
      (e: unknown) => live && root.replaceChildren(h('p', { class: 'error' }, `Could not read ${src}: ${e instanceof Error ? e.message : String(e)}`)),
    );
  return {
    root,
    dispose: () => {
      live = false;
    },
  };
}
