/**
 * A schema-driven parser for the protobuf text format (what TensorFlow writes as `.pbtxt`).
 * It builds instances of the generated message classes directly, keeps 64-bit integers exact
 * (as Long), unescapes every string form, and reports errors with line:col and the field path.
 */
import Long from 'long';
import { GraphFormatError } from '../errors.js';
import { schema, type FieldDesc, type MessageDesc } from '../schema/schema.js';
import { messageClass, encodeMessage } from '../schema/messages.js';
import { utf8 } from '../wire/utf8.js';
import { lineCol } from './position.js';
import { PbtxtSyntaxError, Tokenizer, TOK_EOF, TOK_IDENT, TOK_NUMBER, TOK_STRING, TOK_SYMBOL } from './tokenizer.js';

export interface PbtxtParseOptions {
  /** Skip fields that the schema does not know (recording a warning) instead of failing. */
  allowUnknownFields?: boolean;
  /** Collects warnings, such as skipped unknown fields. */
  warnings?: string[];
  /** File name for error messages. */
  file?: string;
}

const MAX_DEPTH = 100;
const LBRACE = 123;
const RBRACE = 125;
const LT = 60;
const GT = 62;
const LBRACKET = 91;
const RBRACKET = 93;
const COLON = 58;
const COMMA = 44;
const SEMI = 59;
const MINUS = 45;

const INT_RANGES: Record<string, [bigint, bigint]> = {
  int32: [-(2n ** 31n), 2n ** 31n - 1n],
  sint32: [-(2n ** 31n), 2n ** 31n - 1n],
  sfixed32: [-(2n ** 31n), 2n ** 31n - 1n],
  uint32: [0n, 2n ** 32n - 1n],
  fixed32: [0n, 2n ** 32n - 1n],
  int64: [-(2n ** 63n), 2n ** 63n - 1n],
  sint64: [-(2n ** 63n), 2n ** 63n - 1n],
  sfixed64: [-(2n ** 63n), 2n ** 63n - 1n],
  uint64: [0n, 2n ** 64n - 1n],
  fixed64: [0n, 2n ** 64n - 1n],
};

type Msg = Record<string, unknown>;

/** Parses text-format `input` as the message `typeName` (e.g. `tensorflow.GraphDef`). */
export function parsePbtxt<T = object>(input: string | Uint8Array, typeName: string, options: PbtxtParseOptions = {}): T {
  const buf = typeof input === 'string' ? new TextEncoder().encode(input) : input;
  const parser = new Parser(buf, options);
  try {
    return parser.parseTop(schema().message(typeName)) as T;
  } catch (err) {
    if (err instanceof PbtxtSyntaxError) {
      const { line, column } = lineCol(buf, err.offset);
      throw new GraphFormatError({
        format: `${shortName(typeName)} (pbtxt)`,
        reason: err.reason,
        path: parser.path(),
        offset: err.offset,
        line,
        column,
        file: options.file,
      });
    }
    throw err;
  }
}

function shortName(typeName: string): string {
  return typeName.slice(typeName.lastIndexOf('.') + 1);
}

class Parser {
  private readonly tok: Tokenizer;
  private readonly segments: string[] = [];
  private depth = 0;

  constructor(
    buf: Uint8Array,
    private readonly opts: PbtxtParseOptions,
  ) {
    this.tok = new Tokenizer(buf);
  }

  path(): string {
    return this.segments.join('');
  }

  parseTop(desc: MessageDesc): object {
    this.segments.push(shortName(desc.fullName));
    const msg = this.parseFields(desc, 0);
    this.segments.pop();
    return msg;
  }

  private isSymbol(c: number): boolean {
    return this.tok.type === TOK_SYMBOL && this.tok.symbol === c;
  }

  private expectSymbol(c: number, what: string): void {
    if (!this.isSymbol(c)) this.tok.fail(`expected ${what}, found ${this.describe()}`);
    this.tok.next();
  }

  private describe(): string {
    const t = this.tok;
    switch (t.type) {
      case TOK_EOF:
        return 'end of input';
      case TOK_STRING:
        return 'a string';
      case TOK_SYMBOL:
        return `'${String.fromCharCode(t.symbol)}'`;
      default:
        return `'${t.text().slice(0, 40)}'`;
    }
  }

  /** Reads fields until `close` ('}' or '>'), or until end of input when close is 0. */
  private parseFields(desc: MessageDesc, close: number): Msg {
    const msg = new (messageClass(desc.fullName))() as Msg;
    const seen = new Set<number>();
    const oneofs = new Map<string, string>();
    const tok = this.tok;
    for (;;) {
      if (tok.type === TOK_EOF) {
        if (close === 0) return msg;
        tok.fail(`expected '${String.fromCharCode(close)}' to close ${shortName(desc.fullName)}, found end of input`);
      }
      if (close !== 0 && this.isSymbol(close)) {
        tok.next();
        return msg;
      }
      this.parseField(desc, msg, seen, oneofs);
      if (this.isSymbol(COMMA) || this.isSymbol(SEMI)) tok.next();
    }
  }

  private parseField(desc: MessageDesc, msg: Msg, seen: Set<number>, oneofs: Map<string, string>): void {
    const tok = this.tok;
    if (this.isSymbol(LBRACKET)) {
      this.parseBracketedField(desc, msg);
      return;
    }
    if (tok.type !== TOK_IDENT) tok.fail(`expected a field name, found ${this.describe()}`);
    const name = tok.text();
    const nameAt = tok.start;
    const field = desc.byName.get(name);
    tok.next();
    if (!field) {
      if (!this.opts.allowUnknownFields) tok.fail(`unknown field "${name}" in ${desc.fullName}`, nameAt);
      this.opts.warnings?.push(`skipped unknown field "${name}" in ${desc.fullName} at ${tok.where(nameAt)}`);
      this.skipValue();
      return;
    }
    if (!field.repeated && !field.mapKey) {
      if (seen.has(field.id)) tok.fail(`field "${name}" is not repeated but is given more than once`, nameAt);
      seen.add(field.id);
      if (field.oneof) {
        const other = oneofs.get(field.oneof);
        if (other !== undefined) tok.fail(`field "${name}" and "${other}" are both set, but belong to the same oneof "${field.oneof}"`, nameAt);
        oneofs.set(field.oneof, name);
      }
    }
    if (field.kind === 'message' || field.mapKey) {
      if (this.isSymbol(COLON)) tok.next();
      if (this.isSymbol(LBRACKET)) {
        if (!field.repeated && !field.mapKey) tok.fail(`field "${name}" is not repeated, so it cannot take a list`);
        tok.next();
        if (this.isSymbol(RBRACKET)) {
          tok.next();
          return;
        }
        for (;;) {
          this.parseMessageValue(field, msg);
          if (this.isSymbol(COMMA)) {
            tok.next();
            continue;
          }
          this.expectSymbol(RBRACKET, "',' or ']'");
          return;
        }
      }
      this.parseMessageValue(field, msg);
      return;
    }
    this.expectSymbol(COLON, `':' after field "${name}"`);
    if (this.isSymbol(LBRACKET)) {
      if (!field.repeated) tok.fail(`field "${name}" is not repeated, so it cannot take a list`);
      tok.next();
      const list = msg[name] as unknown[];
      if (this.isSymbol(RBRACKET)) {
        tok.next();
        return;
      }
      for (;;) {
        list.push(this.parseScalar(field));
        if (this.isSymbol(COMMA)) {
          tok.next();
          continue;
        }
        this.expectSymbol(RBRACKET, "',' or ']'");
        return;
      }
    }
    const value = this.parseScalar(field);
    if (field.repeated) (msg[name] as unknown[]).push(value);
    else msg[name] = value;
  }

  private openMessage(): number {
    if (this.isSymbol(LBRACE)) {
      this.tok.next();
      return RBRACE;
    }
    if (this.isSymbol(LT)) {
      this.tok.next();
      return GT;
    }
    return this.tok.fail(`expected '{' or '<', found ${this.describe()}`);
  }

  private enter(segment: string): void {
    if (++this.depth > MAX_DEPTH) this.tok.fail(`messages nested more than ${MAX_DEPTH} deep`);
    this.segments.push(segment);
  }

  private leave(): void {
    this.depth--;
    this.segments.pop();
  }

  private parseMessageValue(field: FieldDesc, msg: Msg): void {
    if (field.mapKey) {
      this.parseMapEntry(field, msg[field.name] as Msg);
      return;
    }
    const list = field.repeated ? (msg[field.name] as unknown[]) : null;
    this.enter(list ? `.${field.name}[${list.length}]` : `.${field.name}`);
    const close = this.openMessage();
    const value = this.parseFields(schema().message(field.type), close);
    this.leave();
    if (list) list.push(value);
    else msg[field.name] = value;
  }

  /** A map entry `{ key: K value: V }`; either part may be missing (then it is the default). */
  private parseMapEntry(field: FieldDesc, map: Msg): void {
    const tok = this.tok;
    this.enter(`.${field.name}[${Object.keys(map).length}]`);
    const close = this.openMessage();
    let key: unknown;
    let value: unknown;
    const keyField: FieldDesc = { ...field, name: 'key', id: 1, kind: 'scalar', type: field.mapKey!, mapKey: null, repeated: false, oneof: null };
    const valueField: FieldDesc = { ...field, name: 'value', id: 2, mapKey: null, repeated: false, oneof: null };
    while (!this.isSymbol(close)) {
      if (tok.type !== TOK_IDENT) tok.fail(`expected "key" or "value" in a map entry, found ${this.describe()}`);
      const name = tok.text();
      const at = tok.start;
      tok.next();
      if (name === 'key') {
        if (key !== undefined) tok.fail('map entry has two keys', at);
        this.expectSymbol(COLON, "':' after key");
        key = this.parseScalar(keyField);
        this.segments[this.segments.length - 1] = `.${field.name}[${JSON.stringify(String(key))}]`;
      } else if (name === 'value') {
        if (value !== undefined) tok.fail('map entry has two values', at);
        if (valueField.kind === 'message') {
          if (this.isSymbol(COLON)) tok.next();
          this.enter('.value');
          const c = this.openMessage();
          value = this.parseFields(schema().message(valueField.type), c);
          this.leave();
        } else {
          this.expectSymbol(COLON, "':' after value");
          value = this.parseScalar(valueField);
        }
      } else {
        tok.fail(`unknown field "${name}" in a map entry (only "key" and "value")`, at);
      }
      if (this.isSymbol(COMMA) || this.isSymbol(SEMI)) tok.next();
      if (tok.type === TOK_EOF) tok.fail('unterminated map entry');
    }
    tok.next();
    this.leave();
    if (value === undefined) value = valueField.kind === 'message' ? new (messageClass(valueField.type))() : defaultScalar(valueField);
    map[key === undefined ? defaultKey(field.mapKey!) : mapKeyString(key)] = value;
  }

  /** `[ext.name]` fields: only `google.protobuf.Any` expansion `[type.googleapis.com/x.Y] { … }` is meaningful. */
  private parseBracketedField(desc: MessageDesc, msg: Msg): void {
    const tok = this.tok;
    const at = tok.start;
    tok.next();
    let name = '';
    while (!this.isSymbol(RBRACKET)) {
      if (tok.type === TOK_EOF) tok.fail("unterminated '['", at);
      name += tok.text();
      tok.next();
    }
    tok.next();
    if (desc.fullName === 'google.protobuf.Any' && name.includes('/')) {
      const typeName = name.slice(name.lastIndexOf('/') + 1);
      if (!schema().hasMessage(typeName)) tok.fail(`unknown type ${typeName} in Any`, at);
      if (this.isSymbol(COLON)) tok.next();
      this.enter(`.[${name}]`);
      const close = this.openMessage();
      const inner = this.parseFields(schema().message(typeName), close);
      this.leave();
      msg.type_url = name;
      msg.value = encodeMessage(typeName, inner);
      return;
    }
    if (!this.opts.allowUnknownFields) tok.fail(`extension [${name}] is not supported in ${desc.fullName}`, at);
    this.opts.warnings?.push(`skipped extension [${name}] in ${desc.fullName} at ${tok.where(at)}`);
    this.skipValue();
  }

  /** Skips the value of an unknown field: a scalar, a list, or a nested message. */
  private skipValue(): void {
    const tok = this.tok;
    if (this.isSymbol(COLON)) tok.next();
    let depth = 0;
    do {
      if (tok.type === TOK_EOF) tok.fail('unexpected end of input in a skipped field');
      if (tok.type === TOK_SYMBOL) {
        const c = tok.symbol;
        if (c === LBRACE || c === LT || c === LBRACKET) depth++;
        else if (c === RBRACE || c === GT || c === RBRACKET) depth--;
        else if (c === MINUS && depth === 0) {
          tok.next();
          continue;
        }
      }
      tok.next();
    } while (depth > 0);
  }

  private parseScalar(field: FieldDesc): unknown {
    const tok = this.tok;
    let negative = false;
    if (this.isSymbol(MINUS)) {
      negative = true;
      tok.next();
    }
    const type = tok.type;
    let value: unknown;
    if (field.kind === 'enum') {
      if (type === TOK_IDENT && !negative) {
        const name = tok.text();
        const v = schema().enumType(field.type).byName.get(name);
        if (v === undefined) tok.fail(`unknown value ${name} for enum ${field.type}`);
        value = v;
      } else if (type === TOK_NUMBER) {
        value = Number(this.integer('int32', negative));
      } else tok.fail(`expected an enum value for "${field.name}", found ${this.describe()}`);
    } else {
      switch (field.type) {
        case 'string':
        case 'bytes':
          if (type !== TOK_STRING || negative) tok.fail(`expected a quoted string for "${field.name}", found ${this.describe()}`);
          value = field.type === 'bytes' ? tok.bytes : utf8(tok.bytes, 0, tok.bytes.length);
          break;
        case 'bool': {
          const t = tok.text();
          if (negative || (type !== TOK_IDENT && type !== TOK_NUMBER)) tok.fail(`expected true or false for "${field.name}", found ${this.describe()}`);
          if (t === 'true' || t === 'True' || t === 't' || t === '1') value = true;
          else if (t === 'false' || t === 'False' || t === 'f' || t === '0') value = false;
          else tok.fail(`expected true or false for "${field.name}", found '${t}'`);
          break;
        }
        case 'float':
        case 'double': {
          const v = this.floating(negative);
          value = field.type === 'float' ? Math.fround(v) : v;
          break;
        }
        default: {
          const v = this.integer(field.type, negative);
          if (field.type.endsWith('64')) {
            const unsigned = field.type === 'uint64' || field.type === 'fixed64';
            value = Long.fromBits(Number(v & 0xffffffffn) | 0, Number((v >> 32n) & 0xffffffffn) | 0, unsigned);
          } else value = Number(v);
        }
      }
    }
    tok.next();
    return value;
  }

  private integer(type: string, negative: boolean): bigint {
    const tok = this.tok;
    if (tok.type !== TOK_NUMBER) tok.fail(`expected an integer, found ${this.describe()}`);
    const t = tok.text();
    let v: bigint;
    if (/^0[xX][0-9a-fA-F]+$/.test(t) || /^(0|[1-9][0-9]*)$/.test(t)) v = BigInt(t);
    else if (/^0[0-7]+$/.test(t)) v = BigInt(`0o${t.slice(1)}`);
    else return tok.fail(`'${t.slice(0, 40)}' is not an integer`);
    if (negative) v = -v;
    const range = INT_RANGES[type]!;
    if (v < range[0] || v > range[1]) tok.fail(`${negative ? '-' : ''}${t} is out of range for ${type}`);
    return v;
  }

  private floating(negative: boolean): number {
    const tok = this.tok;
    const t = tok.text();
    let v: number;
    if (tok.type === TOK_IDENT) {
      const l = t.toLowerCase();
      if (l === 'inf' || l === 'infinity' || l === 'inff' || l === 'infinityf') v = Infinity;
      else if (l === 'nan' || l === 'nanf') v = NaN;
      else return tok.fail(`'${t.slice(0, 40)}' is not a number`);
    } else if (tok.type === TOK_NUMBER) {
      if (/^0[xX][0-9a-fA-F]+$/.test(t)) v = Number(BigInt(t));
      else if (/^(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?[fF]?$/.test(t)) v = parseFloat(t);
      else return tok.fail(`'${t.slice(0, 40)}' is not a number`);
    } else return tok.fail(`expected a number, found ${this.describe()}`);
    return negative ? -v : v;
  }
}

function defaultScalar(field: FieldDesc): unknown {
  if (field.kind === 'enum') return 0;
  switch (field.type) {
    case 'string':
      return '';
    case 'bytes':
      return new Uint8Array(0);
    case 'bool':
      return false;
    default:
      return field.type.endsWith('64') ? Long.fromBits(0, 0, field.type === 'uint64' || field.type === 'fixed64') : 0;
  }
}

function defaultKey(keyType: string): string {
  return keyType === 'string' ? '' : keyType === 'bool' ? 'false' : '0';
}

function mapKeyString(key: unknown): string {
  return key instanceof Long ? key.toString() : String(key);
}
