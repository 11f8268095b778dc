/** A user's filter regex: case-insensitive, and an invalid one is reported rather than thrown. */
export type RegexFilter = { ok: true; test: (s: string) => boolean } | { ok: false; error: string };

export function regexFilter(source: string): RegexFilter {
  if (!source) return { ok: true, test: () => true };
  try {
    const re = new RegExp(source, 'i');
    return { ok: true, test: (s) => re.test(s) };
  } catch (e) {
    return { ok: false, error: `invalid regex: ${e instanceof Error ? e.message.replace(/^Invalid regular expression: /, '') : String(e)}` };
  }
}
