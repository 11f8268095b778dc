/** Geometries and paints as JSON for `page.evaluate` and `postMessage` in tests: typed arrays tagged with their type. */

/** A typed array as JSON: its constructor's name and its values. */
export interface PackedArray {
  type: string;
  values: number[];
}

const CTORS: Record<string, new (v: number[]) => ArrayBufferView> = {
  Int32Array,
  Uint8Array,
  Uint16Array,
  Uint32Array,
  Float32Array,
};

/** Plain data with its typed arrays packed. */
export function pack(data: object): unknown {
  return JSON.parse(JSON.stringify(data, (_k, v: unknown) => (ArrayBuffer.isView(v) ? { type: v.constructor.name, values: Array.from(v as unknown as ArrayLike<number>) } : v)));
}

/** The reverse of `pack`. */
export function revive(v: unknown): unknown {
  if (v && typeof v === 'object' && 'type' in v && 'values' in v) {
    const p = v as PackedArray;
    return new CTORS[p.type]!(p.values);
  }
  if (v && typeof v === 'object' && !Array.isArray(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, revive(x)]));
  return v;
}
