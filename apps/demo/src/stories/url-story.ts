/** The URL story: the graph named by `?src=`, and a form to name another. */
import { h } from '../dom.js';
import { srcLink, type Route } from '../router.js';
import { graphStage } from './graph-stage.js';
import type { StoryBody } from './story-body.js';

export function urlStory(route: Route, src: string | undefined): StoryBody {
  // Not type=url: relative paths (graphs/…) are fine here, and type=url refuses them. No
  // autocomplete: going Back, the browser would restore the URL typed last over this page's own.
  const input = h('input', { type: 'text', inputmode: 'url', name: 'src', autocomplete: 'off', placeholder: 'https://…/graph.pbtxt', value: src ?? '', 'aria-label': 'Graph URL' });
  const form = h('form', { class: 'url-form' }, input, h('button', { type: 'submit' }, 'Load'));
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const value = input.value.trim();
    if (value) location.assign(srcLink(value, route));
  });
  if (!src) {
    const example = srcLink('graphs/tb_demo_xla_118.pbtxt', route);
    const hint = h('p', { class: 'note' }, 'For example ', h('a', { href: example }, example), '.');
    return { root: h('div', { class: 'url-story' }, form, hint), dispose: () => {} };
  }
  const stage = graphStage({ src, colorBy: 'structure' });
  return { root: h('div', { class: 'url-story' }, form, stage.root), dispose: stage.dispose };
}
