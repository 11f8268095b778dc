/**
 * Reload now, and live mode: while on, the board polls every N seconds (the server reads new
 * bytes of each event file on its own reload interval), so new points appear without a page reload.
 */
import { h } from '../core/dom.js';
import type { Store } from '../core/store.js';

export const RELOAD_CHOICES = [5, 10, 30, 60, 120] as const;

export interface ReloadControls {
  root: HTMLElement;
  /** Shows when the last reload finished, or that it failed. */
  done(ok: boolean): void;
}

function intervalSelect(store: Store): HTMLSelectElement {
  const select = h('select', { class: 'reload-interval', 'aria-label': 'Reload interval', title: 'Reload interval' });
  for (const s of RELOAD_CHOICES) select.append(h('option', { value: s }, `${s} s`));
  if (!RELOAD_CHOICES.includes(store.settings.reloadSeconds as (typeof RELOAD_CHOICES)[number])) {
    select.append(h('option', { value: store.settings.reloadSeconds }, `${store.settings.reloadSeconds} s`));
  }
  select.value = String(store.settings.reloadSeconds);
  select.addEventListener('change', () => store.update({ reloadSeconds: Number(select.value) }));
  return select;
}

export function reloadControls(store: Store, reload: () => void): ReloadControls {
  const button = h('button', { class: 'icon-button reload', title: 'Reload data', 'aria-label': 'Reload data', onclick: () => reload() }, '⟳');
  const live = h('input', { type: 'checkbox', class: 'live-toggle' });
  live.checked = store.settings.live;
  live.addEventListener('change', () => store.update({ live: live.checked }));
  const status = h('span', { class: 'reload-status', 'aria-live': 'polite' });
  const root = h('div', { class: 'reload-controls' }, h('label', { class: 'live', title: 'Reload automatically' }, live, 'Live'), intervalSelect(store), button, status);

  let timer: ReturnType<typeof setInterval> | undefined;
  let key = '';
  const schedule = (): void => {
    // Other settings (smoothing…) change often: restart the timer only when its own do.
    const next = `${store.settings.live}/${store.settings.reloadSeconds}`;
    if (next === key) return;
    key = next;
    clearInterval(timer);
    timer = store.settings.live ? setInterval(reload, store.settings.reloadSeconds * 1000) : undefined;
  };
  store.subscribe((c) => c === 'settings' && schedule());
  schedule();

  return {
    root,
    done(ok) {
      status.textContent = ok ? `updated ${new Date().toLocaleTimeString()}` : 'reload failed';
      status.classList.toggle('failed', !ok);
    },
  };
}
