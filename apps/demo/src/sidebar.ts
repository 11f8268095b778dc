/** The sidebar: the stories by group, each a deep link, the current one marked. */
import { h } from './dom.js';
import { hashOf, type Route } from './router.js';
import { GROUPS, STORIES } from './stories.js';

export interface Sidebar {
  root: HTMLElement;
  mark(route: Route): void;
}

export function sidebar(): Sidebar {
  const links = new Map<string, HTMLAnchorElement>();
  const nav = h('nav', { 'aria-label': 'Stories' });
  for (const g of GROUPS) {
    const list = h('ul');
    for (const s of STORIES.filter((s) => s.group === g.id)) {
      const a = h('a', { href: hashOf(s) }, s.title);
      links.set(hashOf(s), a);
      list.append(h('li', {}, a));
    }
    nav.append(h('section', {}, h('h2', {}, g.title), list));
  }
  const brand = h('header', { class: 'brand' }, h('img', { class: 'logo', src: 'favicon.svg', alt: '' }), h('span', {}, h('strong', {}, 'tf-graph'), h('small', {}, 'tbg stories')));
  const root = h('aside', { class: 'sidebar' }, brand, nav);
  return {
    root,
    mark(route) {
      for (const [hash, a] of links) {
        if (hash === hashOf(route)) a.setAttribute('aria-current', 'page');
        else a.removeAttribute('aria-current');
      }
    },
  };
}
