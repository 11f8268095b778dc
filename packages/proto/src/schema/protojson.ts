/**
 * Builds messages from the protobuf JSON mapping (what TF.js writes in model.json): camelCase or
 * original field names, int64 as strings, bytes as base64, enums as names. Schema-driven and
 * eval-free, like the text parser.
 */
import Long from 'long';
import { GraphFormatError, type FormatName } from '../errors.js';
import { decodeBase64 } from './base64.js';
import { schema, type FieldDesc, type MessageDesc } from './schema.js';
import { messageClass } from './messages.js';

/**
 * A lookup of `fields` by their JSON names (the original and the lowerCamelCase one), made once
 * per `owner` (a message's descriptor or plan).
 */
export function jsonNameLookup<O extends object, F extends { name: string }>(fieldsOf: (owner: O) => readonly F[]): (owner: O, key: string) => F | undefined {
  const cache = new WeakMap<O, Map<string, F>>();
  return (owner, key) => {
    let m = cache.get(owner);
    if (!m) {
      m = new Map();
      for (const f of fieldsOf(owner)) {
        m.set(f.name, f);
        m.set(f.name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase()), f);
      }
      cache.set(owner, m);
    }
    return m.get(key);
  };
}

const fieldByJsonName = jsonNameLookup((desc: MessageDesc) => desc.fields);

export interface JsonConvertOptions {
  format: FormatName;
  /** Collects skipped unknown fields instead of failing on them. */
  warnings?: string[];
  /** Name of the JSON value in error paths (default: the message's short name). */
  rootPath?: string;
  file?: string;
}

/** Converts parsed JSON into an instance of `typeName`. Errors name the JSON path. */
export function messageFromJson<T = object>(json: unknown, typeName: string, options: JsonConvertOptions): T {
  return convertMessage(json, schema().message(typeName), options.rootPath ?? typeName.slice(typeName.lastIndexOf('.') + 1), options, 0) as T;
}

function fail(options: JsonConvertOptions, path: string, reason: string): never {
  throw new GraphFormatError({ format: options.format, path, reason, file: options.file });
}

function convertMessage(json: unknown, desc: MessageDesc, path: string, options: JsonConvertOptions, depth: number): object {
  if (depth > 100) fail(options, path, 'nested more than 100 deep');
  if (json === null || typeof json !== 'object' || Array.isArray(json)) fail(options, path, `expected an object for ${desc.fullName}`);
  const msg = new (messageClass(desc.fullName))() as Record<string, unknown>;
  for (const [key, value] of Object.entries(json as Record<string, unknown>)) {
    const field = fieldByJsonName(desc, key);
    if (!field) {
      options.warnings?.push(`skipped unknown field ${path}.${key}`);
      continue;
    }
    if (value === null) continue;
    const fpath = `${path}.${key}`;
    if (field.mapKey) {
      if (typeof value !== 'object' || Array.isArray(value)) fail(options, fpath, 'expected an object for a map');
      const map = msg[field.name] as Record<string, unknown>;
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) map[k] = convertValue(v, field, `${fpath}[${JSON.stringify(k)}]`, options, depth);
    } else if (field.repeated) {
      if (!Array.isArray(value)) fail(options, fpath, 'expected an array');
      const list = msg[field.name] as unknown[];
      value.forEach((v, i) => list.push(convertValue(v, field, `${fpath}[${i}]`, options, depth)));
    } else {
      msg[field.name] = convertValue(value, field, fpath, options, depth);
    }
  }
  return msg;
}

function convertValue(v: unknown, field: FieldDesc, path: string, options: JsonConvertOptions, depth: number): unknown {
  if (field.kind === 'message') return convertMessage(v, schema().message(field.type), path, options, depth + 1);
  if (field.kind === 'enum') {
    if (typeof v === 'number' && Number.isInteger(v)) return v;
    if (typeof v === 'string') {
      const n = schema().enumType(field.type).byName.get(v);
      if (n !== undefined) return n;
    }
    return fail(options, path, `${JSON.stringify(v)} is not a value of ${field.type}`);
  }
  switch (field.type) {
    case 'string':
      if (typeof v !== 'string') fail(options, path, 'expected a string');
      return v;
    case 'bytes':
      if (typeof v !== 'string') fail(options, path, 'expected base64 bytes');
      return base64ToBytes(v, options, path);
    case 'bool':
      if (typeof v !== 'boolean') fail(options, path, 'expected true or false');
      return v;
    case 'float':
    case 'double': {
      const n = typeof v === 'number' ? v : v === 'NaN' ? NaN : v === 'Infinity' ? Infinity : v === '-Infinity' ? -Infinity : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
      if (Number.isNaN(n) && v !== 'NaN') fail(options, path, `${JSON.stringify(v)} is not a number`);
      return field.type === 'float' ? Math.fround(n) : n;
    }
    default: {
      let b: bigint;
      try {
        if (typeof v === 'number' && Number.isInteger(v)) b = BigInt(v);
        else if (typeof v === 'string' && /^-?\d+$/.test(v)) b = BigInt(v);
        else throw new Error();
      } catch {
        return fail(options, path, `${JSON.stringify(v)} is not an integer`);
      }
      if (field.type.endsWith('64')) {
        const unsigned = field.type === 'uint64' || field.type === 'fixed64';
        return Long.fromBits(Number(b & 0xffffffffn) | 0, Number((b >> 32n) & 0xffffffffn) | 0, unsigned);
      }
      return Number(b);
    }
  }
}

export function base64ToBytes(s: string, options: JsonConvertOptions, path: string): Uint8Array {
  const bytes = decodeBase64(s);
  if (typeof bytes === 'number') fail(options, path, `invalid base64 character at index ${bytes}`);
  return bytes.slice();
}
