/** What each story builder returns: its content under the header, and how to tear it down. */
export interface StoryBody {
  root: HTMLElement;
  /** Extra links or notes for the header, after the blurb. */
  aside?: Node;
  dispose: () => void;
}
