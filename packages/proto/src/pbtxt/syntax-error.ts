/** A text-format problem at a byte offset; the parser turns it into a GraphFormatError with line:col. */
export class PbtxtSyntaxError extends Error {
  constructor(
    readonly offset: number,
    readonly reason: string,
  ) {
    super(reason);
  }
}
