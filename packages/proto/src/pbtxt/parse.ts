/**
 * A schema-driven parser for the protobuf text format (what TensorFlow writes as `.pbtxt`).
 * It builds instances of the generated message classes directly, keeps 64-bit integers exact
 * (as Long), unescapes every string form, and reports errors with line:col and the field path.
 *
 * Speed (see the README's benchmarks): field and enum names are looked up by their bytes,
 * string literals are interned per parse, and the field path is built only for an error.
 */
import Long from 'long';
import { GraphFormatError } from '../errors.js';
import { schema } from '../schema/schema.js';
import { encodeMessage } from '../schema/messages.js';
import { ByteMap } from './byte-map.js';
import { FieldPath, SEG_FIELD, SEG_LIST, SEG_MAP, SEG_TEXT } from './field-path.js';
import { childPlan, messagePlan, V_BOOL, V_BYTES, V_DOUBLE, V_ENUM, V_FLOAT, V_INT64, V_MESSAGE, V_STRING, type FieldPlan, type MessagePlan } from './plan.js';
import { lineCol } from './position.js';
import { boolValue, floatValue, int32Value, int64Value } from './scalars.js';
import { StringPool } from './string-pool.js';
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

const ENTRY_KEY = 1;
const ENTRY_VALUE = 2;
const ENTRY_PARTS = new ByteMap([
  ['key', ENTRY_KEY],
  ['value', ENTRY_VALUE],
]);

type Msg = Record<string, unknown>;

/** Parses text-format `input` as the message `typeName` (e.g. `tensorflow.GraphDef`). */
export function parsePbtxt<T = object>(input: string | Uint8Array, typeName: string, options: PbtxtParseOptions = {}): T {
  const raw = typeof input === 'string' ? new TextEncoder().encode(input) : input;
  // A plain Uint8Array (not a Buffer), so that the scanning loops see one array type.
  const buf = raw.constructor === Uint8Array ? raw : new Uint8Array(raw.buffer, raw.byteOffset, raw.byteLength);
  let parser: Parser | undefined;
  try {
    parser = new Parser(buf, options);
    return parser.parseTop(messagePlan(typeName)) as T;
  } catch (err) {
    if (err instanceof PbtxtSyntaxError) {
      const { line, column } = lineCol(buf, err.offset);
      throw new GraphFormatError({
        format: `${typeName.slice(typeName.lastIndexOf('.') + 1)} (pbtxt)`,
        reason: err.reason,
        path: parser?.path() ?? '',
        offset: err.offset,
        line,
        column,
        file: options.file,
      });
    }
    throw err;
  }
}

class Parser {
  private readonly tok: Tokenizer;
  private readonly strings: StringPool;
  private readonly fieldPath = new FieldPath();
  private depth = 0;

  constructor(
    buf: Uint8Array,
    private readonly opts: PbtxtParseOptions,
  ) {
    this.tok = new Tokenizer(buf);
    this.strings = new StringPool(buf);
  }

  path(): string {
    return this.fieldPath.toString();
  }

  parseTop(plan: MessagePlan): object {
    this.fieldPath.push(SEG_TEXT, plan.shortName);
    const msg = this.parseFields(plan, 0);
    this.fieldPath.pop();
    return msg;
  }

  /** `symbol` is 0 for tokens other than symbols, so this one test suffices. */
  private isSymbol(c: number): boolean {
    return this.tok.symbol === c;
  }

  private expectSymbol(c: number, what: string): void {
    if (!this.isSymbol(c)) this.tok.fail(`expected ${what}, found ${this.tok.describe()}`);
    this.tok.next();
  }

  /** Reads fields until `close` ('}' or '>'), or until end of input when close is 0. */
  private parseFields(plan: MessagePlan, close: number): Msg {
    const msg = new plan.ctor() as Msg;
    // Bits of the singular fields given so far (see FieldPlan.bit).
    let given = 0;
    const tok = this.tok;
    for (;;) {
      if (tok.type === TOK_EOF) {
        if (close === 0) return msg;
        tok.fail(`expected '${String.fromCharCode(close)}' to close ${plan.shortName}, found end of input`);
      }
      if (close !== 0 && this.isSymbol(close)) {
        tok.next();
        return msg;
      }
      given = this.parseField(plan, msg, given);
      if (this.isSymbol(COMMA) || this.isSymbol(SEMI)) tok.next();
    }
  }

  /** One field and its value(s); returns the updated mask of fields given. */
  private parseField(plan: MessagePlan, msg: Msg, given: number): number {
    const tok = this.tok;
    if (this.isSymbol(LBRACKET)) {
      this.parseBracketedField(plan, msg);
      return given;
    }
    if (tok.type !== TOK_IDENT) tok.fail(`expected a field name, found ${this.tok.describe()}`);
    const nameAt = tok.start;
    const field = plan.fields.get(tok.buf, tok.start, tok.end, tok.hash);
    if (!field) {
      const name = tok.text();
      tok.next();
      this.skipUnknownField(plan, name, nameAt);
      return given;
    }
    tok.next();
    if (field.single) {
      if ((given & field.bit) !== 0) tok.fail(`field "${field.name}" is not repeated but is given more than once`, nameAt);
      if ((given & field.oneofMask) !== 0) {
        const other = plan.list.find((f) => (f.bit & given & field.oneofMask) !== 0)!;
        tok.fail(`field "${field.name}" and "${other.name}" are both set, but belong to the same oneof "${field.desc.oneof}"`, nameAt);
      }
      given |= field.bit;
    }
    if (field.value === V_MESSAGE || field.entry !== null) this.parseMessageField(field, msg);
    else this.parseScalarField(field, msg);
    return given;
  }

  private skipUnknownField(plan: MessagePlan, name: string, nameAt: number): void {
    const fullName = plan.desc.fullName;
    if (!this.opts.allowUnknownFields) this.tok.fail(`unknown field "${name}" in ${fullName}`, nameAt);
    this.opts.warnings?.push(`skipped unknown field "${name}" in ${fullName} at ${this.tok.where(nameAt)}`);
    this.skipValue();
  }

  /** A message or map field: `name {…}`, `name: <…>`, or a list `name: [{…}, {…}]`. */
  private parseMessageField(field: FieldPlan, msg: Msg): void {
    const tok = this.tok;
    if (this.isSymbol(COLON)) tok.next();
    if (this.isSymbol(LBRACKET)) {
      if (field.single) tok.fail(`field "${field.name}" is not repeated, so it cannot take a list`);
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
  }

  /** A scalar field: `name: value` or a list `name: [a, b]`. */
  private parseScalarField(field: FieldPlan, msg: Msg): void {
    const tok = this.tok;
    if (!this.isSymbol(COLON)) tok.fail(`expected ':' after field "${field.name}", found ${tok.describe()}`);
    tok.next();
    if (this.isSymbol(LBRACKET)) {
      if (!field.repeated) tok.fail(`field "${field.name}" is not repeated, so it cannot take a list`);
      tok.next();
      const list = msg[field.name] as unknown[];
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
    if (field.repeated) (msg[field.name] as unknown[]).push(value);
    else msg[field.name] = value;
  }

  private openMessage(): number {
    const tok = this.tok;
    if (this.isSymbol(LBRACE)) {
      tok.next();
      return RBRACE;
    }
    if (this.isSymbol(LT)) {
      tok.next();
      return GT;
    }
    return tok.fail(`expected '{' or '<', found ${tok.describe()}`);
  }

  private enter(kind: number, name: string, container: object | null = null): void {
    if (++this.depth > MAX_DEPTH) this.tok.fail(`messages nested more than ${MAX_DEPTH} deep`);
    this.fieldPath.push(kind, name, container);
  }

  private leave(): void {
    this.depth--;
    this.fieldPath.pop();
  }

  private parseMessageValue(field: FieldPlan, msg: Msg): void {
    if (field.entry !== null) {
      this.parseMapEntry(field, msg[field.name] as Msg);
      return;
    }
    const list = field.repeated ? (msg[field.name] as unknown[]) : null;
    if (list) this.enter(SEG_LIST, field.name, list);
    else this.enter(SEG_FIELD, field.name);
    const close = this.openMessage();
    const value = this.parseFields(childPlan(field), close);
    this.leave();
    if (list) list.push(value);
    else msg[field.name] = value;
  }

  /** A map entry `{ key: K value: V }`; either part may be missing (then it is the default). */
  private parseMapEntry(field: FieldPlan, map: Msg): void {
    const tok = this.tok;
    const entry = field.entry!;
    this.enter(SEG_MAP, field.name, map);
    const close = this.openMessage();
    let key: unknown;
    let value: unknown;
    while (!this.isSymbol(close)) {
      if (tok.type !== TOK_IDENT) tok.fail(`expected "key" or "value" in a map entry, found ${tok.describe()}`);
      const at = tok.start;
      const part = ENTRY_PARTS.get(tok.buf, tok.start, tok.end, tok.hash);
      const name = part === undefined ? tok.text() : '';
      tok.next();
      if (part === ENTRY_KEY) {
        if (key !== undefined) tok.fail('map entry has two keys', at);
        this.expectSymbol(COLON, "':' after key");
        key = this.parseScalar(entry.key);
        this.fieldPath.setKey(mapKeyString(key));
      } else if (part === ENTRY_VALUE) {
        if (value !== undefined) tok.fail('map entry has two values', at);
        value = this.parseEntryValue(entry.value);
      } else {
        tok.fail(`unknown field "${name}" in a map entry (only "key" and "value")`, at);
      }
      if (this.isSymbol(COMMA) || this.isSymbol(SEMI)) tok.next();
      if (tok.type === TOK_EOF) tok.fail('unterminated map entry');
    }
    tok.next();
    this.leave();
    if (value === undefined) value = entry.value.value === V_MESSAGE ? new (childPlan(entry.value).ctor)() : defaultScalar(entry.value);
    map[key === undefined ? defaultKey(entry.key.desc.type) : mapKeyString(key)] = value;
  }

  private parseEntryValue(field: FieldPlan): unknown {
    const tok = this.tok;
    if (field.value !== V_MESSAGE) {
      this.expectSymbol(COLON, "':' after value");
      return this.parseScalar(field);
    }
    if (this.isSymbol(COLON)) tok.next();
    this.enter(SEG_TEXT, '.value');
    const close = this.openMessage();
    const value = this.parseFields(childPlan(field), close);
    this.leave();
    return value;
  }

  /** `[ext.name]` fields: only `google.protobuf.Any` expansion `[type.googleapis.com/x.Y] { … }` is meaningful. */
  private parseBracketedField(plan: MessagePlan, msg: Msg): void {
    const tok = this.tok;
    const fullName = plan.desc.fullName;
    const at = tok.start;
    tok.next();
    let name = '';
    while (!this.isSymbol(RBRACKET)) {
      if (tok.type === TOK_EOF) tok.fail("unterminated '['", at);
      name += tok.text();
      tok.next();
    }
    tok.next();
    if (fullName === 'google.protobuf.Any' && name.includes('/')) {
      const typeName = name.slice(name.lastIndexOf('/') + 1);
      if (!schema().hasMessage(typeName)) tok.fail(`unknown type ${typeName} in Any`, at);
      if (this.isSymbol(COLON)) tok.next();
      this.enter(SEG_TEXT, `.[${name}]`);
      const close = this.openMessage();
      const inner = this.parseFields(messagePlan(typeName), close);
      this.leave();
      msg.type_url = name;
      msg.value = encodeMessage(typeName, inner);
      return;
    }
    if (!this.opts.allowUnknownFields) tok.fail(`extension [${name}] is not supported in ${fullName}`, at);
    this.opts.warnings?.push(`skipped extension [${name}] in ${fullName} at ${tok.where(at)}`);
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

  private parseScalar(field: FieldPlan): unknown {
    const tok = this.tok;
    let negative = false;
    if (this.isSymbol(MINUS)) {
      negative = true;
      tok.next();
    }
    let value: unknown;
    switch (field.value) {
      case V_STRING:
      case V_BYTES:
        if (tok.type !== TOK_STRING || negative) tok.fail(`expected a quoted string for "${field.name}", found ${tok.describe()}`);
        value = field.value === V_STRING ? tok.stringValue(this.strings) : tok.bytesValue();
        break;
      case V_ENUM:
        value = enumValue(tok, field, negative);
        break;
      case V_BOOL:
        value = boolValue(tok, field.name, negative);
        break;
      case V_FLOAT:
        value = Math.fround(floatValue(tok, negative));
        break;
      case V_DOUBLE:
        value = floatValue(tok, negative);
        break;
      case V_INT64:
        value = int64Value(tok, field.desc.type, negative, field.unsigned);
        break;
      default:
        value = int32Value(tok, field.desc.type, negative, field.lo, field.hi);
    }
    tok.next();
    return value;
  }
}

/** An enum value by name, or by number. */
function enumValue(tok: Tokenizer, field: FieldPlan, negative: boolean): number {
  if (tok.type === TOK_IDENT && !negative) {
    const v = field.enumValues!.get(tok.buf, tok.start, tok.end, tok.hash);
    if (v === undefined) tok.fail(`unknown value ${tok.text()} for enum ${field.desc.type}`);
    return v;
  }
  if (tok.type === TOK_NUMBER) return int32Value(tok, 'int32', negative, field.lo, field.hi);
  return tok.fail(`expected an enum value for "${field.name}", found ${tok.describe()}`);
}

function defaultScalar(field: FieldPlan): unknown {
  switch (field.value) {
    case V_ENUM:
      return 0;
    case V_STRING:
      return '';
    case V_BYTES:
      return new Uint8Array(0);
    case V_BOOL:
      return false;
    case V_INT64:
      return Long.fromBits(0, 0, field.unsigned);
    default:
      return 0;
  }
}

function defaultKey(keyType: string): string {
  return keyType === 'string' ? '' : keyType === 'bool' ? 'false' : '0';
}

function mapKeyString(key: unknown): string {
  return key instanceof Long ? key.toString() : String(key);
}
