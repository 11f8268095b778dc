/** What the worker protocols (ELK workers, view workers) share: reading untrusted messages and typing response maps. */

/** The id of a message, or −1 when it has none. */
export function idOf(message: unknown): number {
  const id = (message as { id?: unknown } | null)?.id;
  return typeof id === 'number' ? id : -1;
}

/** A message as errors show it: its JSON, cut at 80 characters. */
export function describe(message: unknown): string {
  try {
    return JSON.stringify(message)?.slice(0, 80) ?? String(message);
  } catch {
    return String(message);
  }
}

/** An error's message, or what was thrown as a string. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * A protocol's map from each request kind to the response that answers it. `M` must name every
 * kind of `Req`, so that adding a request without its response does not compile.
 */
export type ResponseMap<Req extends { kind: string }, M extends { [K in Req['kind']]: { kind: string; id: number } }> = M;
