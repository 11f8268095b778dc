/** Builds the main area for a story: its header, then the body its kind calls for. */
import { h } from './dom.js';
import type { Route } from './router.js';
import type { Story } from './stories.js';
import { dropStory } from './stories/drop-story.js';
import { embedStory } from './stories/embed-story.js';
import { graphStory } from './stories/graph-story.js';
import type { StoryBody } from './stories/story-body.js';
import { sourcesStory } from './stories/sources-story.js';
import { stressStory } from './stories/stress-story.js';
import { urlStory } from './stories/url-story.js';

export interface StoryView {
  root: HTMLElement;
  dispose: () => void;
}

function body(story: Story, route: Route, src: string | undefined): StoryBody {
  switch (story.kind) {
    case 'graph':
      return graphStory(story);
    case 'stress':
      return stressStory(story);
    case 'embed':
      return embedStory();
    case 'drop':
      return dropStory();
    case 'url':
      return urlStory(route, src);
    case 'sources':
      return sourcesStory(story.src!);
  }
}

function fileLink(src: string): HTMLElement {
  const name = src.split('/').pop() ?? src;
  return h('a', { href: src, download: name, class: 'file-link' }, name);
}

export function storyView(story: Story, src: string | undefined): StoryView {
  const route = { group: story.group, id: story.id };
  const b = body(story, route, src);
  const file = story.src ?? (story.kind === 'url' ? src : undefined);
  const header = h(
    'header',
    { class: 'story-head' },
    h('h1', {}, story.title),
    h('p', { class: 'blurb' }, story.blurb, ' ', file ? fileLink(file) : undefined, b.aside ? ' ' : undefined, b.aside),
  );
  const root = h('article', { class: `story story-${story.kind}`, 'data-story': `${story.group}/${story.id}` }, header, b.root);
  return { root, dispose: b.dispose };
}
