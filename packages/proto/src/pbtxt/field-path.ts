/**
 * The field path of the message being parsed (`GraphDef.node[3].attr["T"].value`), kept as a
 * stack of frames and turned into text only when an error needs it, so that the parse builds
 * no path strings. List indices and map entry numbers are counted then (by the sink: a value is
 * stored only once it has been parsed, so the count is the current value's index).
 */

/** A segment written as given: the top-level type name, `.value`, `.[type.googleapis.com/x]`. */
export const SEG_TEXT = 0;
/** `.name` of a singular message field. */
export const SEG_FIELD = 1;
/** `.name[i]` of a repeated message field. */
export const SEG_LIST = 2;
/** `.name[i]` of a map entry, or `.name["key"]` once its key is read. */
export const SEG_MAP = 3;

/** How many values of `field` `parent` holds so far. */
export type ValueCounter = (parent: unknown, field: unknown) => number;

export class FieldPath {
  private depth = 0;
  private readonly kinds: number[] = [];
  private readonly names: string[] = [];
  private readonly parents: unknown[] = [];
  private readonly fields: unknown[] = [];
  private readonly keys: Array<string | undefined> = [];

  constructor(private readonly count: ValueCounter) {}

  push(kind: number, name: string, parent: unknown = null, field: unknown = null): void {
    const d = this.depth++;
    this.kinds[d] = kind;
    this.names[d] = name;
    this.parents[d] = parent;
    this.fields[d] = field;
    this.keys[d] = undefined;
  }

  pop(): void {
    this.depth--;
  }

  /** The key of the map entry on top, once it is known (as text: a string, number, bool or Long). */
  setKey(key: string): void {
    this.keys[this.depth - 1] = key;
  }

  toString(): string {
    let s = '';
    for (let d = 0; d < this.depth; d++) {
      const name = this.names[d]!;
      const key = this.keys[d];
      switch (this.kinds[d]) {
        case SEG_FIELD:
          s += `.${name}`;
          break;
        case SEG_LIST:
          s += `.${name}[${this.count(this.parents[d], this.fields[d])}]`;
          break;
        case SEG_MAP:
          s += key === undefined ? `.${name}[${this.count(this.parents[d], this.fields[d])}]` : `.${name}[${JSON.stringify(key)}]`;
          break;
        default:
          s += name;
      }
    }
    return s;
  }
}
