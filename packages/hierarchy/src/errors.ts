/** The typed error of this package: what is wrong, and with which node or group. */
export class HierarchyError extends Error {
  override readonly name = 'HierarchyError';
  constructor(
    readonly reason: string,
    readonly node?: string,
  ) {
    super(node ? `${reason} (node "${node}")` : reason);
  }
}
