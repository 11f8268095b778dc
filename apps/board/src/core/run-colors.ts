/**
 * A colour per run that never changes while the page is open: runs get the next palette colour
 * in the order they first appear, so a run that shows up on a reload does not recolour the
 * others (TensorBoard colours by position, which shifts when runs are added).
 */

/** TensorBoard's run palette (Material 700-ish hues, distinct on white). */
export const PALETTE: readonly string[] = [
  '#ff7043', '#0077bb', '#cc3311', '#33bbee', '#ee3377', '#009988', '#bbbbbb', '#f9a825',
  '#7e57c2', '#5c6bc0', '#8d6e63', '#26a69a', '#d81b60', '#558b2f', '#6d4c41', '#00838f',
];

export class RunColors {
  private readonly byRun = new Map<string, string>();

  /** Gives colours to runs not seen before, in the order given. */
  assign(runs: readonly string[]): void {
    for (const run of runs) if (!this.byRun.has(run)) this.byRun.set(run, PALETTE[this.byRun.size % PALETTE.length]!);
  }

  get(run: string): string {
    this.assign([run]);
    return this.byRun.get(run)!;
  }
}
