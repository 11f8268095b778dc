/**
 * The field path of the message being parsed (`GraphDef.node[3].attr["T"].value`), kept as a
 * stack of frames and turned into text only when an error needs it, so that the parse builds
 * no path strings. List indices and map entry numbers are read from the containers then: a
 * value is added to its container only after it has been parsed, so the count is the same.
 */

/** A segment written as given: the top-level type name, `.value`, `.[type.googleapis.com/x]`. */
export const SEG_TEXT = 0;
/** `.name` of a singular message field. */
export const SEG_FIELD = 1;
/** `.name[i]` of a repeated message field; the container is the list. */
export const SEG_LIST = 2;
/** `.name[i]` of a map entry, or `.name["key"]` once its key is read; the container is the map. */
export const SEG_MAP = 3;

export class FieldPath {
  private depth = 0;
  private readonly kinds: number[] = [];
  private readonly names: string[] = [];
  private readonly containers: Array<object | null> = [];
  private readonly keys: Array<string | undefined> = [];

  push(kind: number, name: string, container: object | null = null): void {
    const d = this.depth++;
    this.kinds[d] = kind;
    this.names[d] = name;
    this.containers[d] = container;
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
          s += `.${name}[${(this.containers[d] as unknown[]).length}]`;
          break;
        case SEG_MAP:
          s += key === undefined ? `.${name}[${Object.keys(this.containers[d]!).length}]` : `.${name}[${JSON.stringify(key)}]`;
          break;
        default:
          s += name;
      }
    }
    return s;
  }
}
