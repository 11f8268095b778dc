/** What the shell asks of a tab. */

export interface Dashboard {
  /** The tab's settings, shown at the top of the sidebar (may be empty). */
  readonly controls: HTMLElement;
  /** The tab's main area. */
  readonly root: HTMLElement;
  /** Fetches again (the reload button and live polling); keeps what is shown until new data comes. */
  refresh(): Promise<void>;
  dispose(): void;
}
