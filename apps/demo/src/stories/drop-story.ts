/** "Drop your own file": a drop zone and a file input that hand the file to `<tf-graph>`. */
import { h } from '../dom.js';
import { graphStage } from './graph-stage.js';
import type { StoryBody } from './story-body.js';

const ACCEPT = '.pb,.pbtxt,.meta,.json,.txt,application/octet-stream,application/json';

const describe = (file: File) => `${file.name} (${(file.size / 1024).toFixed(file.size < 10_240 ? 1 : 0)} KiB)`;

export function dropStory(): StoryBody {
  const stage = graphStage({ colorBy: 'structure' });
  const name = h('span', { class: 'drop-name' }, 'No file yet.');
  const show = (file: File | undefined) => {
    if (!file) return;
    name.textContent = describe(file);
    stage.loading();
    stage.el.file = file;
  };
  const input = h('input', { type: 'file', accept: ACCEPT, class: 'file-input', 'aria-label': 'Choose a graph file' });
  input.addEventListener('change', () => {
    show(input.files?.[0]);
    // The name is shown beside; clearing lets the same file be chosen again after an edit.
    input.value = '';
  });
  const zone = h(
    'label',
    { class: 'drop-zone' },
    h('strong', {}, 'Drop a graph file here'),
    h('span', {}, ' or click to choose one: .pb, .pbtxt, .meta, saved_model.pb, events.out.tfevents.*, model.json'),
    h('span', { class: 'drop-row' }, input, h('span', { class: 'choose' }, 'Choose a file…'), name),
  );
  zone.addEventListener('dragover', (e) => {
    e.preventDefault();
    zone.classList.add('over');
  });
  zone.addEventListener('dragleave', () => zone.classList.remove('over'));
  zone.addEventListener('drop', (e) => {
    e.preventDefault();
    zone.classList.remove('over');
    show(e.dataTransfer?.files[0]);
  });
  // A file dropped on the element itself goes straight to it: name it here too.
  stage.el.addEventListener('drop', (e) => {
    const file = e.dataTransfer?.files[0];
    if (file) name.textContent = describe(file);
  });
  return { root: h('div', { class: 'drop-story' }, zone, stage.root), dispose: stage.dispose };
}
