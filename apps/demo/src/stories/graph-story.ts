/** A story that shows one graph file with the standard controls. */
import type { Story } from '../stories.js';
import { graphStage } from './graph-stage.js';
import type { StoryBody } from './story-body.js';

export function graphStory(story: Story): StoryBody {
  const stage = graphStage({ src: story.src, colorBy: story.colorBy ?? 'structure', expand: story.expand });
  return { root: stage.root, dispose: stage.dispose };
}
