/**
 * Prints messages in the protobuf text format, in field-number order like TensorFlow's printer.
 * Floats print in their shortest round-tripping form, so parse → print → parse is lossless.
 */
import Long from 'long';
import { schema, type FieldDesc, type MessageDesc } from '../schema/schema.js';
import { encodeUtf8 } from '../wire/utf8.js';

export interface PbtxtPrintOptions {
  /** Spaces per nesting level (TensorFlow uses 2). */
  indent?: number;
}

type Msg = Record<string, unknown>;

export function printPbtxt(message: object, typeName: string, options: PbtxtPrintOptions = {}): string {
  const out: string[] = [];
  printFields(out, message as Msg, schema().message(typeName), '', ' '.repeat(options.indent ?? 2));
  return out.join('');
}

function printFields(out: string[], msg: Msg, desc: MessageDesc, pad: string, step: string): void {
  for (const field of desc.fields) {
    const value = msg[field.name];
    if (value === undefined || value === null) continue;
    if (field.mapKey) {
      const entries = Object.entries(value as Msg);
      if (field.mapKey === 'string') entries.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
      else entries.sort((a, b) => Number(a[0]) - Number(b[0]));
      for (const [k, v] of entries) {
        out.push(pad, field.name, ' {\n', pad, step, 'key: ');
        out.push(field.mapKey === 'string' ? quote(encodeUtf8(k)) : field.mapKey === 'bool' ? k : String(k), '\n');
        if (field.kind === 'message') {
          out.push(pad, step, 'value {\n');
          printFields(out, v as Msg, schema().message(field.type), pad + step + step, step);
          out.push(pad, step, '}\n');
        } else {
          out.push(pad, step, 'value: ', scalarText(field, v), '\n');
        }
        out.push(pad, '}\n');
      }
      continue;
    }
    if (field.repeated) {
      for (const v of value as unknown[]) printOne(out, field, v, pad, step);
      continue;
    }
    // proto3: plain fields at their default are absent; oneof members are present whenever set.
    if (!field.oneof && isDefault(field, value)) continue;
    printOne(out, field, value, pad, step);
  }
}

function printOne(out: string[], field: FieldDesc, value: unknown, pad: string, step: string): void {
  if (field.kind === 'message') {
    out.push(pad, field.name, ' {\n');
    printFields(out, value as Msg, schema().message(field.type), pad + step, step);
    out.push(pad, '}\n');
  } else {
    out.push(pad, field.name, ': ', scalarText(field, value), '\n');
  }
}

function isDefault(field: FieldDesc, v: unknown): boolean {
  if (field.kind === 'message') return false;
  if (typeof v === 'number') return v === 0 && !Object.is(v, -0);
  if (typeof v === 'string') return v.length === 0;
  if (typeof v === 'boolean') return !v;
  if (v instanceof Uint8Array) return v.length === 0;
  if (Long.isLong(v)) return v.isZero();
  return false;
}

function scalarText(field: FieldDesc, v: unknown): string {
  if (field.kind === 'enum') return schema().enumType(field.type).byNumber.get(v as number) ?? String(v);
  switch (field.type) {
    case 'string':
      return quote(encodeUtf8(v as string));
    case 'bytes':
      return quote(v as Uint8Array);
    case 'bool':
      return v ? 'true' : 'false';
    case 'float':
      return floatText(v as number, true);
    case 'double':
      return floatText(v as number, false);
    default:
      return Long.isLong(v) ? v.toString() : String(v);
  }
}

/** Shortest decimal that reads back as the same float32 (or float64). */
export function floatText(v: number, single: boolean): string {
  if (Number.isNaN(v)) return 'nan';
  if (v === Infinity) return 'inf';
  if (v === -Infinity) return '-inf';
  if (!single) return String(v);
  for (let p = 1; p <= 9; p++) {
    const s = v.toPrecision(p);
    if (Math.fround(parseFloat(s)) === v) return String(parseFloat(s));
  }
  return String(v);
}

const HEX = '01234567';
/** C-style quoting: printable ASCII stays, the usual escapes, everything else as 3-digit octal. */
export function quote(bytes: Uint8Array): string {
  let s = '"';
  let runStart = 0;
  const flush = (i: number) => {
    // Chunked: fromCharCode.apply has an argument-count limit.
    for (let a = runStart; a < i; a += 8192) {
      s += String.fromCharCode.apply(null, bytes.subarray(a, Math.min(i, a + 8192)) as unknown as number[]);
    }
  };
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    let esc: string | null = null;
    if (b === 10) esc = '\\n';
    else if (b === 13) esc = '\\r';
    else if (b === 9) esc = '\\t';
    else if (b === 34) esc = '\\"';
    else if (b === 39) esc = "\\'";
    else if (b === 92) esc = '\\\\';
    else if (b < 32 || b > 126) esc = '\\' + HEX[b >> 6] + HEX[(b >> 3) & 7] + HEX[b & 7];
    if (esc !== null) {
      flush(i);
      s += esc;
      runStart = i + 1;
    }
  }
  flush(bytes.length);
  return s + '"';
}
