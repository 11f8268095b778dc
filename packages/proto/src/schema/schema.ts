/**
 * A plain-data view of the proto schema (from the generated schema.json), used by the pbtxt
 * parser/printer, the wire validator and format sniffing. It is separate from protobufjs's
 * reflection so that nothing here ever generates code at run time.
 */
import schemaJson from '../gen/schema.json';

export type ScalarType =
  | 'double'
  | 'float'
  | 'int32'
  | 'int64'
  | 'uint32'
  | 'uint64'
  | 'sint32'
  | 'sint64'
  | 'fixed32'
  | 'fixed64'
  | 'sfixed32'
  | 'sfixed64'
  | 'bool'
  | 'string'
  | 'bytes';

export interface FieldDesc {
  readonly name: string;
  readonly id: number;
  readonly kind: 'scalar' | 'enum' | 'message';
  /** Scalar type name, or the full name of the enum or message type. */
  readonly type: string;
  readonly repeated: boolean;
  /** Repeated numeric field encoded packed (the proto3 default). */
  readonly packed: boolean;
  /** Set for map fields: the key type; `type`/`kind` then describe the value. */
  readonly mapKey: ScalarType | null;
  readonly oneof: string | null;
}

export interface MessageDesc {
  readonly fullName: string;
  /** Fields in field-number order (TensorFlow's text printer order). */
  readonly fields: readonly FieldDesc[];
  readonly byName: ReadonlyMap<string, FieldDesc>;
  readonly byId: ReadonlyMap<number, FieldDesc>;
}

export interface EnumDesc {
  readonly fullName: string;
  readonly byName: ReadonlyMap<string, number>;
  readonly byNumber: ReadonlyMap<number, string>;
}

const SCALARS = new Set<string>([
  'double',
  'float',
  'int32',
  'int64',
  'uint32',
  'uint64',
  'sint32',
  'sint64',
  'fixed32',
  'fixed64',
  'sfixed32',
  'sfixed64',
  'bool',
  'string',
  'bytes',
]);

export function isScalarType(t: string): t is ScalarType {
  return SCALARS.has(t);
}

/** Wire type a scalar or enum value uses when not packed. */
export function wireTypeOf(field: Pick<FieldDesc, 'kind' | 'type'>): number {
  if (field.kind === 'message') return 2;
  if (field.kind === 'enum') return 0;
  switch (field.type) {
    case 'double':
    case 'fixed64':
    case 'sfixed64':
      return 1;
    case 'float':
    case 'fixed32':
    case 'sfixed32':
      return 5;
    case 'string':
    case 'bytes':
      return 2;
    default:
      return 0;
  }
}

interface JsonField {
  type: string;
  id: number;
  rule?: string;
  keyType?: string;
  options?: { packed?: boolean };
}
interface JsonNode {
  nested?: Record<string, JsonNode>;
  fields?: Record<string, JsonField>;
  oneofs?: Record<string, { oneof: string[] }>;
  values?: Record<string, number>;
}

export class Schema {
  private readonly messages = new Map<string, MessageDesc>();
  private readonly enums = new Map<string, EnumDesc>();

  constructor(root: JsonNode) {
    const rawMessages = new Map<string, JsonNode>();
    const rawEnums = new Map<string, JsonNode>();
    const stack: Array<[string, JsonNode]> = [['', root]];
    while (stack.length) {
      const [prefix, node] = stack.pop()!;
      for (const [name, child] of Object.entries(node.nested ?? {})) {
        const full = prefix ? `${prefix}.${name}` : name;
        if (child.fields) rawMessages.set(full, child);
        else if (child.values) rawEnums.set(full, child);
        stack.push([full, child]);
      }
    }
    for (const [full, node] of rawEnums) {
      const byName = new Map(Object.entries(node.values!));
      const byNumber = new Map<number, string>();
      for (const [k, v] of byName) if (!byNumber.has(v)) byNumber.set(v, k);
      this.enums.set(full, { fullName: full, byName, byNumber });
    }
    const resolve = (scope: string, ref: string): string => {
      if (ref.startsWith('.')) return ref.slice(1);
      let s = scope;
      for (;;) {
        const cand = s ? `${s}.${ref}` : ref;
        if (rawMessages.has(cand) || rawEnums.has(cand)) return cand;
        if (!s) throw new Error(`schema: cannot resolve type ${ref} from ${scope}`);
        const dot = s.lastIndexOf('.');
        s = dot < 0 ? '' : s.slice(0, dot);
      }
    };
    for (const [full, node] of rawMessages) {
      const oneofOf = new Map<string, string>();
      for (const [oname, o] of Object.entries(node.oneofs ?? {})) for (const f of o.oneof) oneofOf.set(f, oname);
      const fields: FieldDesc[] = [];
      for (const [name, f] of Object.entries(node.fields!)) {
        let kind: FieldDesc['kind'] = 'scalar';
        let type = f.type;
        if (!isScalarType(type)) {
          type = resolve(full, type);
          kind = rawEnums.has(type) ? 'enum' : 'message';
        }
        const repeated = f.rule === 'repeated';
        const packable = repeated && (kind === 'enum' || (kind === 'scalar' && type !== 'string' && type !== 'bytes'));
        fields.push({
          name,
          id: f.id,
          kind,
          type,
          repeated,
          packed: packable && f.options?.packed !== false,
          mapKey: f.keyType ? (f.keyType as ScalarType) : null,
          oneof: oneofOf.get(name) ?? null,
        });
      }
      fields.sort((a, b) => a.id - b.id);
      this.messages.set(full, {
        fullName: full,
        fields,
        byName: new Map(fields.map((f) => [f.name, f])),
        byId: new Map(fields.map((f) => [f.id, f])),
      });
    }
  }

  message(fullName: string): MessageDesc {
    const m = this.messages.get(fullName);
    if (!m) throw new Error(`schema: unknown message ${fullName}`);
    return m;
  }

  enumType(fullName: string): EnumDesc {
    const e = this.enums.get(fullName);
    if (!e) throw new Error(`schema: unknown enum ${fullName}`);
    return e;
  }

  hasMessage(fullName: string): boolean {
    return this.messages.has(fullName);
  }

  messageNames(): string[] {
    return [...this.messages.keys()].sort();
  }
}

let cached: Schema | undefined;
/** The schema of every message in proto/, built once on first use. */
export function schema(): Schema {
  return (cached ??= new Schema(schemaJson as JsonNode));
}
