/**
 * Scripts bundled at build time and inlined (see tsup.config.ts), compressed: the script's
 * UTF-8 bytes, deflate-raw, in base64 (`packed`); `runAs: 'script'` when the code has no import
 * or export, so that it can run as a function's body (boot-worker.ts); `name`, the file name
 * debuggers show for it.
 */
declare module 'inline-worker:*' {
  const script: { packed: string; runAs: 'script' | 'module'; name: string };
  export default script;
}

/** A script bundled at build time, as its source text (tsup.config.ts). */
declare module 'inline-script:*' {
  const source: string;
  export default source;
}
