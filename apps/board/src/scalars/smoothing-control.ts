/** TensorBoard's smoothing control: a slider over 0–0.999 (step 0.001) with a number box. */
import { h } from '../core/dom.js';
import type { Store } from '../core/store.js';
import { SMOOTHING_MAX, SMOOTHING_MIN } from './smoothing.js';

/** A typed value as TensorBoard keeps it: clamped, 3 significant digits. */
export function cleanSmoothing(v: number): number {
  if (!Number.isFinite(v)) return 0;
  return Number(Math.min(SMOOTHING_MAX, Math.max(SMOOTHING_MIN, v)).toPrecision(3));
}

export function smoothingControl(store: Store): HTMLElement {
  const attrs = { min: SMOOTHING_MIN, max: SMOOTHING_MAX, step: 0.001 };
  const slider = h('input', { type: 'range', class: 'smoothing-slider', 'aria-label': 'Smoothing', ...attrs });
  const box = h('input', { type: 'number', class: 'smoothing-value', 'aria-label': 'Smoothing value', ...attrs });
  slider.value = box.value = String(store.settings.smoothing);
  slider.addEventListener('input', () => {
    box.value = slider.value;
    store.update({ smoothing: cleanSmoothing(Number(slider.value)) });
  });
  box.addEventListener('change', () => {
    const v = cleanSmoothing(Number(box.value));
    slider.value = box.value = String(v);
    store.update({ smoothing: v });
  });
  return h('div', { class: 'control smoothing' }, h('div', { class: 'control-title' }, 'Smoothing'), h('div', { class: 'slider-row' }, slider, box));
}
