/**
 * The demo's shell: a sidebar of stories and the current story, chosen by the URL hash
 * (`#/<group>/<story>`); `?src=<url>` opens the URL story on any graph file.
 */
import './styles.css';
import { hashOf, parseHash, srcParam, type Route } from './router.js';
import { sidebar } from './sidebar.js';
import { findStory, STORIES, URL_STORY } from './stories.js';
import { storyView, type StoryView } from './story-view.js';

const side = sidebar();
const main = document.createElement('main');
main.id = 'story';
document.body.append(side.root, main);

let current: StoryView | undefined;
let shown = '';

/** The story the address asks for: the hash, else the URL story when ?src= is set, else the first. */
function wanted(src: string | undefined): Route {
  const r = parseHash(location.hash);
  if (r && findStory(r.group, r.id)) return r;
  return src ? URL_STORY : STORIES[0]!;
}

function show(): void {
  const src = srcParam(location.search);
  const route = wanted(src);
  const key = hashOf(route);
  // `?src=` belongs to the URL story: another story's address does not carry it along.
  const isUrlStory = route.group === URL_STORY.group && route.id === URL_STORY.id;
  if (src && !isUrlStory) {
    const query = new URLSearchParams(location.search);
    query.delete('src');
    const rest = query.toString();
    history.replaceState(null, '', `${location.pathname}${rest ? `?${rest}` : ''}${key}`);
  } else if (location.hash !== key) history.replaceState(null, '', key);
  if (key === shown) return;
  shown = key;
  const story = findStory(route.group, route.id)!;
  current?.dispose();
  current = storyView(story, src);
  main.replaceChildren(current.root);
  side.mark(route);
  document.title = `${story.title} · tf-graph stories`;
}

window.addEventListener('hashchange', show);
// Back and Forward across a change of the query (`?src=`) fire no hashchange.
window.addEventListener('popstate', show);
show();
