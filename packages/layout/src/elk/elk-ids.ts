/**
 * The string ids a task's elements get in ELK JSON. Indices go in, indices come back out, so
 * reading a layout never depends on the order ELK returns elements in.
 */

export const nodeId = (node: number): string => `n${node}`;
export const portId = (port: number): string => `p${port}`;
export const edgeId = (edge: number): string => `e${edge}`;

/** The index in an id made by the helpers above, or −1 if `id` has another shape. */
export function indexFromId(id: string | undefined, prefix: 'n' | 'p' | 'e'): number {
  if (id === undefined || id.length < 2 || id[0] !== prefix) return -1;
  const digits = id.slice(1);
  // Reject '', '01', '1e3', ' 1': only the exact spelling `${prefix}${index}` round-trips.
  if (!/^(0|[1-9]\d*)$/.test(digits)) return -1;
  return Number(digits);
}
