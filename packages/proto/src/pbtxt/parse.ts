/**
 * A schema-driven parser for the protobuf text format (what TensorFlow writes as `.pbtxt`).
 * It builds instances of the generated message classes (`parsePbtxt`) or writes the wire format
 * straight away (`parsePbtxtToWire`, which skips building objects and encoding them again),
 * keeps 64-bit integers exact, unescapes every string form, and reports errors with line:col
 * and the field path. The grammar and its checks are here; where values go is a sink (sink.ts).
 *
 * Speed (see the README's benchmarks): field and enum names are looked up by their bytes,
 * string literals are interned per parse, and the field path is built only for an error.
 */
import { GraphFormatError } from '../errors.js';
import { schema } from '../schema/schema.js';
import { ByteMap } from './byte-map.js';
import { FieldPath, SEG_FIELD, SEG_LIST, SEG_MAP, SEG_TEXT } from './field-path.js';
import { mapKeyString, ObjectSink } from './object-sink.js';
import { childPlan, messagePlan, V_BOOL, V_BYTES, V_DOUBLE, V_ENUM, V_FLOAT, V_INT64, V_MESSAGE, V_STRING, type FieldPlan, type MessagePlan } from './plan.js';
import { lineCol } from './position.js';
import { boolValue, floatValue, int32Value, int64Value } from './scalars.js';
import type { PbtxtSink, ScalarValue } from './sink.js';
import { StringPool } from './string-pool.js';
import { PbtxtSyntaxError, Tokenizer, TOK_EOF, TOK_IDENT, TOK_NUMBER, TOK_STRING, TOK_SYMBOL } from './tokenizer.js';
import { WireSink } from './wire-sink.js';

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

/** Parses text-format `input` as the message `typeName` (e.g. `tensorflow.GraphDef`). */
export function parsePbtxt<T = object>(input: string | Uint8Array, typeName: string, options: PbtxtParseOptions = {}): T {
  return parseWith(input, typeName, options, (pool) => new ObjectSink(pool)) as T;
}

/**
 * Parses text-format `input` as the message `typeName` straight into its wire format: the bytes
 * that encoding `parsePbtxt`'s result would give, up to field order (and packed fields last).
 */
export function parsePbtxtToWire(input: string | Uint8Array, typeName: string, options: PbtxtParseOptions = {}): Uint8Array {
  return parseWith(input, typeName, options, (_pool, buf) => new WireSink(buf.length));
}

function parseWith<M, R>(input: string | Uint8Array, typeName: string, options: PbtxtParseOptions, makeSink: (pool: StringPool, buf: Uint8Array) => PbtxtSink<M, R>): R {
  const raw = typeof input === 'string' ? new TextEncoder().encode(input) : input;
  // A plain Uint8Array (not a Buffer), so that the scanning loops see one array type.
  const buf = raw.constructor === Uint8Array ? raw : new Uint8Array(raw.buffer, raw.byteOffset, raw.byteLength);
  let parser: Parser<M, R> | undefined;
  try {
    const pool = new StringPool(buf);
    parser = new Parser(buf, options, pool, makeSink(pool, buf));
    return parser.parseTop(messagePlan(typeName));
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

class Parser<M, R> {
  private readonly tok: Tokenizer;
  private readonly fieldPath: FieldPath;
  private depth = 0;

  constructor(
    buf: Uint8Array,
    private readonly opts: PbtxtParseOptions,
    private readonly strings: StringPool,
    private readonly sink: PbtxtSink<M, R>,
  ) {
    this.tok = new Tokenizer(buf);
    this.fieldPath = new FieldPath((parent, field) => sink.count(parent as M, field as FieldPlan));
  }

  path(): string {
    return this.fieldPath.toString();
  }

  parseTop(plan: MessagePlan): R {
    this.fieldPath.push(SEG_TEXT, plan.shortName);
    const msg = this.sink.top(plan);
    this.parseFields(plan, msg, 0);
    this.fieldPath.pop();
    return this.sink.finish(msg);
  }

  /** `symbol` is 0 for tokens other than symbols, so this one test suffices. */
  private isSymbol(c: number): boolean {
    return this.tok.symbol === c;
  }

  private expectSymbol(c: number, what: string): void {
    if (!this.isSymbol(c)) this.tok.fail(`expected ${what}, found ${this.tok.describe()}`);
    this.tok.next();
  }

  /** Reads fields into `msg` until `close` ('}' or '>'), or until end of input when close is 0. */
  private parseFields(plan: MessagePlan, msg: M, close: number): void {
    // Bits of the singular fields given so far (see FieldPlan.bit).
    let given = 0;
    const tok = this.tok;
    for (;;) {
      if (tok.type === TOK_EOF) {
        if (close === 0) return;
        tok.fail(`expected '${String.fromCharCode(close)}' to close ${plan.shortName}, found end of input`);
      }
      if (close !== 0 && this.isSymbol(close)) {
        tok.next();
        return;
      }
      given = this.parseField(plan, msg, given);
      if (this.isSymbol(COMMA) || this.isSymbol(SEMI)) tok.next();
    }
  }

  /** One field and its value(s); returns the updated mask of fields given. */
  private parseField(plan: MessagePlan, msg: M, given: number): number {
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
  private parseMessageField(field: FieldPlan, msg: M): void {
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
  private parseScalarField(field: FieldPlan, msg: M): void {
    const tok = this.tok;
    if (!this.isSymbol(COLON)) tok.fail(`expected ':' after field "${field.name}", found ${tok.describe()}`);
    tok.next();
    if (this.isSymbol(LBRACKET)) {
      if (!field.repeated) tok.fail(`field "${field.name}" is not repeated, so it cannot take a list`);
      tok.next();
      if (this.isSymbol(RBRACKET)) {
        tok.next();
        return;
      }
      for (;;) {
        this.parseScalar(field, msg);
        if (this.isSymbol(COMMA)) {
          tok.next();
          continue;
        }
        this.expectSymbol(RBRACKET, "',' or ']'");
        return;
      }
    }
    this.parseScalar(field, msg);
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

  private enter(kind: number, name: string, parent: M | null = null, field: FieldPlan | null = null): void {
    if (++this.depth > MAX_DEPTH) this.tok.fail(`messages nested more than ${MAX_DEPTH} deep`);
    this.fieldPath.push(kind, name, parent, field);
  }

  private leave(): void {
    this.depth--;
    this.fieldPath.pop();
  }

  private parseMessageValue(field: FieldPlan, msg: M): void {
    if (field.entry !== null) {
      this.parseMapEntry(field, msg);
      return;
    }
    if (field.repeated) this.enter(SEG_LIST, field.name, msg, field);
    else this.enter(SEG_FIELD, field.name);
    this.parseChild(msg, field, childPlan(field));
    this.leave();
  }

  /** A `{…}` or `<…>` message of `plan` as the value of `field` in `parent`. */
  private parseChild(parent: M, field: FieldPlan, plan: MessagePlan): void {
    const close = this.openMessage();
    const child = this.sink.begin(parent, field, plan);
    this.parseFields(plan, child, close);
    this.sink.end(parent, field, child, plan);
  }

  /** A map entry `{ key: K value: V }`; either part may be missing (then it is the default). */
  private parseMapEntry(field: FieldPlan, msg: M): void {
    const tok = this.tok;
    const entry = field.entry!;
    this.enter(SEG_MAP, field.name, msg, field);
    const close = this.openMessage();
    const holder = this.sink.begin(msg, field, null);
    let key = false;
    let value = false;
    while (!this.isSymbol(close)) {
      if (tok.type !== TOK_IDENT) tok.fail(`expected "key" or "value" in a map entry, found ${tok.describe()}`);
      const at = tok.start;
      const part = ENTRY_PARTS.get(tok.buf, tok.start, tok.end, tok.hash);
      const name = part === undefined ? tok.text() : '';
      tok.next();
      if (part === ENTRY_KEY) {
        if (key) tok.fail('map entry has two keys', at);
        key = true;
        this.expectSymbol(COLON, "':' after key");
        this.parseMapKey(entry.key, holder);
      } else if (part === ENTRY_VALUE) {
        if (value) tok.fail('map entry has two values', at);
        value = true;
        this.parseEntryValue(entry.value, holder);
      } else {
        tok.fail(`unknown field "${name}" in a map entry (only "key" and "value")`, at);
      }
      if (this.isSymbol(COMMA) || this.isSymbol(SEMI)) tok.next();
      if (tok.type === TOK_EOF) tok.fail('unterminated map entry');
    }
    tok.next();
    this.sink.end(msg, field, holder, null);
    this.leave();
  }

  /** A map key: also the path's key from now on, for errors. */
  private parseMapKey(field: FieldPlan, holder: M): void {
    const tok = this.tok;
    if (field.value === V_STRING && tok.type === TOK_STRING) {
      this.fieldPath.setKey(tok.stringValue(this.strings));
      this.sink.string(holder, field, tok);
      tok.next();
      return;
    }
    const key = this.readScalar(field);
    this.fieldPath.setKey(mapKeyString(key));
    this.sink.scalar(holder, field, key);
    tok.next();
  }

  private parseEntryValue(field: FieldPlan, holder: M): void {
    const tok = this.tok;
    if (field.value !== V_MESSAGE) {
      this.expectSymbol(COLON, "':' after value");
      this.parseScalar(field, holder);
      return;
    }
    if (this.isSymbol(COLON)) tok.next();
    this.enter(SEG_TEXT, '.value');
    this.parseChild(holder, field, childPlan(field));
    this.leave();
  }

  /** `[ext.name]` fields: only `google.protobuf.Any` expansion `[type.googleapis.com/x.Y] { … }` is meaningful. */
  private parseBracketedField(plan: MessagePlan, msg: M): void {
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
      const [typeUrl, value] = plan.list;
      this.sink.scalar(msg, typeUrl!, name);
      this.parseChild(msg, value!, messagePlan(typeName));
      this.leave();
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

  /** One scalar value of `field`, given to the sink. */
  private parseScalar(field: FieldPlan, msg: M): void {
    const tok = this.tok;
    if (field.value === V_STRING || field.value === V_BYTES) {
      if (tok.type !== TOK_STRING) tok.fail(`expected a quoted string for "${field.name}", found ${tok.describe()}`);
      this.sink.string(msg, field, tok);
    } else this.sink.scalar(msg, field, this.readScalar(field));
    tok.next();
  }

  /** The value of the current token(s) as `field` takes it; leaves the value token current. */
  private readScalar(field: FieldPlan): ScalarValue {
    const tok = this.tok;
    let negative = false;
    if (this.isSymbol(MINUS)) {
      negative = true;
      tok.next();
    }
    switch (field.value) {
      case V_STRING:
      case V_BYTES:
        if (tok.type !== TOK_STRING || negative) tok.fail(`expected a quoted string for "${field.name}", found ${tok.describe()}`);
        return tok.stringValue(this.strings);
      case V_ENUM:
        return enumValue(tok, field, negative);
      case V_BOOL:
        return boolValue(tok, field.name, negative);
      case V_FLOAT:
        return Math.fround(floatValue(tok, negative));
      case V_DOUBLE:
        return floatValue(tok, negative);
      case V_INT64:
        return int64Value(tok, field.desc.type, negative, field.unsigned);
      default:
        return int32Value(tok, field.desc.type, negative, field.lo, field.hi);
    }
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
