/**
 * How far the toolbar will reach once a graph's picker has joined it (a file with several graphs:
 * meta graphs, or event-file tags), known before the page draws the picker: the page measures a
 * hidden picker at its widest (the style caps it) in the toolbar, and the view worker, which
 * knows whether the graph needs one, fits the first picture below that.
 */
import type { ViewSummary } from '@tbg/layout';

/** Whether the toolbar offers a choice of graphs for `summary` (as `sourceChoices` does). */
export function hasSourcePicker(summary: Pick<ViewSummary, 'metaGraphs' | 'eventTags'>): boolean {
  return (summary.metaGraphs?.length ?? 0) > 1 || (summary.eventTags?.length ?? 0) > 1;
}

/** The toolbar's bottom (CSS px below the stage's top) with a widest picker after its first control; null without a toolbar. */
export function probeToolbarWithPicker(stage: Element): number | null {
  const bar = stage.querySelector('.toolbar');
  if (!bar) return null;
  const probe = document.createElement('label');
  probe.setAttribute('aria-hidden', 'true');
  probe.style.visibility = 'hidden';
  probe.innerHTML = 'Meta graph <select class="source" style="width: 100vw"></select>';
  if (bar.firstElementChild) bar.firstElementChild.after(probe);
  else bar.append(probe);
  try {
    return bar.getBoundingClientRect().bottom - stage.getBoundingClientRect().top;
  } finally {
    probe.remove();
  }
}
