/** Where a graph comes from: a URL, a File, or bytes, with the name used to sniff its format. */
export type GraphInput = { kind: 'url'; url: string } | { kind: 'file'; file: Blob } | { kind: 'bytes'; bytes: Uint8Array; name?: string };

/** A choice within a source: which meta graph of a SavedModel, which tag of an event file. */
export interface SourceChoice {
  metaGraph?: number | string;
  tag?: string;
}
