/** Scripts bundled at build time and inlined as text (see tsup.config.ts). */
declare module 'inline-worker:*' {
  const source: string;
  export default source;
}
