/** Scripts bundled at build time and inlined, compressed (tsup.config.ts, worker-scripts.ts). */
declare module 'inline-worker:*' {
  const script: import('./worker-scripts.js').PackedScript;
  export default script;
}

/** A script bundled at build time, as its source text (tsup.config.ts). */
declare module 'inline-script:*' {
  const source: string;
  export default source;
}
