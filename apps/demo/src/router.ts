/**
 * Where the page is: `#/<group>/<story>` picks the story (deep links), `?src=<url>` names a graph
 * file for the URL story. Pure functions of the location strings, so they are tested in Node.
 */
export interface Route {
  group: string;
  id: string;
}

export function parseHash(hash: string): Route | undefined {
  const m = /^#\/([\w-]+)\/([\w-]+)\/?$/.exec(hash);
  return m ? { group: m[1]!, id: m[2]! } : undefined;
}

export function hashOf(r: Route): string {
  return `#/${r.group}/${r.id}`;
}

/** The `src` query parameter, if present and not blank. */
export function srcParam(search: string): string | undefined {
  const v = new URLSearchParams(search).get('src')?.trim();
  return v ? v : undefined;
}

/** The page address that opens the URL story on `src` (relative to the current page). */
export function srcLink(src: string, route: Route): string {
  return `?${new URLSearchParams({ src }).toString()}${hashOf(route)}`;
}
