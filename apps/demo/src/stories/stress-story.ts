/**
 * The stress story: the 10k graph fully expanded, every op on screen, with a live frame-time
 * readout and zoom/pan loops to drive it.
 */
import { CameraLoop, type LoopKind } from '../camera-loop.js';
import { h } from '../dom.js';
import type { Story } from '../stories.js';
import { frameReadout } from '../widgets/frame-readout.js';
import { graphStage } from './graph-stage.js';
import type { StoryBody } from './story-body.js';

export function stressStory(story: Story): StoryBody {
  const readout = frameReadout();
  const stage = graphStage({ src: story.src, colorBy: story.colorBy ?? 'structure', expand: story.expand }, { frame: (d) => readout.frame(d) });
  const loop = new CameraLoop(stage.el);
  const buttons = new Map<LoopKind, HTMLButtonElement>();
  const toggle = (kind: LoopKind) => {
    if (loop.running === kind) loop.stop();
    else loop.start(kind);
    for (const [k, b] of buttons) b.setAttribute('aria-pressed', String(loop.running === k));
  };
  for (const [kind, label] of [['zoom', 'Zoom loop'], ['pan', 'Pan loop']] as const) {
    const b = h('button', { type: 'button', class: `loop-${kind}`, 'aria-pressed': 'false', onclick: () => toggle(kind) }, label);
    buttons.set(kind, b);
  }
  stage.controls.add(...buttons.values(), h('button', { type: 'button', class: 'reset-stats', onclick: () => readout.reset() }, 'Reset stats'), readout.root);
  return {
    root: stage.root,
    dispose() {
      loop.stop();
      stage.dispose();
    },
  };
}
