/**
 * The board's shell: the orange header with a tab per enabled plugin (from
 * `data/plugins_listing`), the reload/live controls, the sidebar (the tab's settings, then the
 * shared run selector) and the current tab, named by the URL hash. Every failure is shown in the
 * page: a banner for the shell's own requests, a notice inside a tab for its data.
 */
import { getJson } from '../core/api.js';
import type { Dashboard } from '../core/dashboard.js';
import { h, messageOf, notice } from '../core/dom.js';
import { Store } from '../core/store.js';
import type { Environment, PluginsListing } from '../core/types.js';
import { createDashboard } from './dashboards.js';
import { reloadControls } from './reload-controls.js';
import { runSelector } from './run-selector.js';
import { chooseTab, enabledTabs, type Tab, type TabId } from './tabs.js';

interface Shell {
  nav: HTMLElement;
  banner: HTMLElement;
  tabControls: HTMLElement;
  main: HTMLElement;
}

function layout(store: Store, reload: () => void): Shell & { reloadDone: (ok: boolean) => void } {
  const nav = h('nav', { class: 'tabs', 'aria-label': 'Dashboards' });
  const controls = reloadControls(store, reload);
  const header = h('header', { class: 'topbar' }, h('span', { class: 'brand' }, 'tbg'), nav, h('span', { class: 'spacer' }), controls.root);
  const banner = h('div', { class: 'banner', hidden: true, role: 'alert' });
  const tabControls = h('section', { class: 'tab-controls' });
  const runs = runSelector(store);
  const main = h('main', { class: 'dashboard' });
  document.body.append(header, banner, h('div', { class: 'body' }, h('aside', { class: 'sidebar' }, tabControls, runs.root), main));
  return { nav, banner, tabControls, main, reloadDone: (ok) => controls.done(ok) };
}

function showBanner(banner: HTMLElement, message: string): void {
  banner.textContent = message;
  banner.hidden = !message;
}

function renderTabs(nav: HTMLElement, tabs: readonly Tab[], current: TabId | undefined): void {
  nav.replaceChildren(
    ...tabs.map((t) => h('a', { href: `#${t.id}`, class: 'tab', 'data-tab': t.id, 'aria-current': t.id === current ? 'page' : null }, t.title.toUpperCase())),
  );
}

export async function startBoard(): Promise<void> {
  const store = new Store();
  let tabs: Tab[] = [];
  let current: { id: TabId; dashboard: Dashboard } | undefined;
  let reloading = false;

  const shell = layout(store, () => void reload());

  /** Shows the tab the hash names; returns the new tab's first load, or undefined when the tab stayed. */
  function show(): Promise<void> | undefined {
    const id = chooseTab(location.hash, tabs);
    renderTabs(shell.nav, tabs, id);
    if (id && location.hash !== `#${id}` && !location.hash.startsWith(`#${id}&`)) history.replaceState(null, '', `#${id}`);
    if (id === current?.id) return undefined;
    current?.dashboard.dispose();
    current = undefined;
    if (!id) {
      shell.tabControls.replaceChildren();
      shell.main.replaceChildren(notice('empty', 'No dashboards are active for the current data set. Write summaries into the logdir; this page reloads them.'));
      return Promise.resolve();
    }
    const dashboard = createDashboard(id, store);
    current = { id, dashboard };
    shell.tabControls.replaceChildren(dashboard.controls);
    shell.main.replaceChildren(dashboard.root);
    document.title = `${tabs.find((t) => t.id === id)!.title} · tbg`;
    return dashboard.refresh();
  }

  /** Runs and plugins first (a new run or plugin can appear), then the current tab's data. */
  async function reload(): Promise<void> {
    if (reloading) return;
    reloading = true;
    document.body.classList.add('reloading');
    let ok = true;
    try {
      const [runs, listing] = await Promise.all([getJson<string[]>('runs'), getJson<PluginsListing>('plugins_listing')]);
      store.setRuns(runs);
      tabs = enabledTabs(listing);
      showBanner(shell.banner, '');
      await (show() ?? current?.dashboard.refresh());
    } catch (e) {
      ok = false;
      showBanner(shell.banner, `Could not reach the data: ${messageOf(e)}`);
    } finally {
      reloading = false;
      document.body.classList.remove('reloading');
      shell.reloadDone(ok);
    }
  }

  window.addEventListener('hashchange', () => void show());
  void getJson<Environment>('environment')
    .then((env) => {
      if (env.data_location) shell.nav.parentElement!.querySelector('.brand')!.setAttribute('title', env.data_location);
    })
    .catch(() => undefined);
  await reload();
}
