/** The board's tabs: which plugin each one shows, in TensorBoard's order of the brief, and the URL hash. */

export type TabId = 'scalars' | 'histograms' | 'distributions' | 'images' | 'audio' | 'text' | 'hparams' | 'graphs';

export interface Tab {
  id: TabId;
  title: string;
}

export const TABS: readonly Tab[] = [
  { id: 'scalars', title: 'Scalars' },
  { id: 'histograms', title: 'Histograms' },
  { id: 'distributions', title: 'Distributions' },
  { id: 'images', title: 'Images' },
  { id: 'audio', title: 'Audio' },
  { id: 'text', title: 'Text' },
  { id: 'hparams', title: 'HParams' },
  { id: 'graphs', title: 'Graphs' },
];

/** The tab a hash names (`#scalars`, `#/scalars`, TensorBoard's `#scalars&run=…`), or undefined. */
export function tabOfHash(hash: string): TabId | undefined {
  const id = hash.replace(/^#\/?/, '').split(/[&?/]/)[0]!.toLowerCase();
  return TABS.find((t) => t.id === id)?.id;
}

/** The tabs whose plugin the server lists as enabled, in board order. */
export function enabledTabs(listing: Record<string, { enabled?: boolean } | undefined>): Tab[] {
  return TABS.filter((t) => listing[t.id]?.enabled === true);
}

/** The tab to show: the hash's if it is enabled, else the first enabled one. */
export function chooseTab(hash: string, enabled: readonly Tab[]): TabId | undefined {
  const wanted = tabOfHash(hash);
  return enabled.find((t) => t.id === wanted)?.id ?? enabled[0]?.id;
}
