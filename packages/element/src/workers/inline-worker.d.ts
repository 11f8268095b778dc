/**
 * Scripts bundled at build time and inlined (see tsup.config.ts), compressed: the script's
 * UTF-8 bytes, deflate-raw, in base64. worker-scripts.ts turns them back into a Blob.
 */
declare module 'inline-worker:*' {
  const packed: string;
  export default packed;
}

/** A script bundled at build time, as its source text (tsup.config.ts). */
declare module 'inline-script:*' {
  const source: string;
  export default source;
}
