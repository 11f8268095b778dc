/**
 * "Embed in a page": the static embed.html (one module script, one tag) running in an iframe,
 * with its own source beside it to copy. The source is fetched, so it is always what runs.
 */
import { h } from '../dom.js';
import type { StoryBody } from './story-body.js';

export const EMBED_PAGE = 'embed.html';

function copyButton(code: HTMLElement): HTMLButtonElement {
  const button = h('button', { type: 'button', class: 'copy' }, 'Copy');
  button.addEventListener('click', () => {
    const done = (text: string) => {
      button.textContent = text;
      setTimeout(() => (button.textContent = 'Copy'), 1500);
    };
    navigator.clipboard.writeText(code.textContent ?? '').then(
      () => done('Copied'),
      () => {
        // No clipboard (plain http, permissions): select the text for Ctrl+C instead.
        getSelection()?.selectAllChildren(code);
        done('Press Ctrl+C');
      },
    );
  });
  return button;
}

export function embedStory(): StoryBody {
  const code = h('code', {}, 'Loading…');
  const controller = new AbortController();
  fetch(EMBED_PAGE, { signal: controller.signal })
    .then((r) => (r.ok ? r.text() : Promise.reject(new Error(`${EMBED_PAGE}: HTTP ${r.status}`))))
    .then((text) => (code.textContent = text))
    .catch((e: unknown) => {
      if (!controller.signal.aborted) code.textContent = String(e);
    });
  const frame = h('iframe', { src: EMBED_PAGE, title: 'embed.html: a plain page with <tf-graph>', class: 'embed-frame' });
  const snippet = h(
    'figure',
    { class: 'snippet' },
    h('figcaption', {}, h('span', {}, EMBED_PAGE), copyButton(code)),
    h('pre', {}, code),
    h(
      'p',
      { class: 'note' },
      'tf-graph.js is the whole element in one file (workers and fonts inlined): ',
      h('code', {}, '@tbg/element/tf-graph.js'),
      ' from npm, or ',
      h('a', { href: 'tf-graph.js', download: 'tf-graph.js' }, 'download it here'),
      '. Put it next to your page.',
    ),
  );
  const root = h('div', { class: 'embed-story' }, frame, snippet);
  return { root, aside: h('a', { href: EMBED_PAGE, target: '_blank', rel: 'noopener' }, 'Open the page on its own ↗'), dispose: () => controller.abort() };
}
