/**
 * The formats that `loadGraph` and the decoders understand, as named in errors and results. Text
 * format errors name the message type being parsed: `GraphDef (pbtxt)`, `AttrValue (pbtxt)`, ….
 */
export type FormatName =
  | 'GraphDef'
  | `${string} (pbtxt)`
  | 'MetaGraphDef'
  | 'SavedModel'
  | 'RunMetadata'
  | 'TF.js model.json'
  | 'Keras model JSON'
  | 'event file'
  | 'pbtxt'
  | 'protobuf'
  | 'unknown';

/** Where in the input a problem is. Binary formats give a byte offset; text formats give line:col too. */
export interface SourceLocation {
  /** Byte offset from the start of the input. */
  offset?: number;
  /** 1-based line, for text inputs. */
  line?: number;
  /** 1-based column (in bytes), for text inputs. */
  column?: number;
}

export interface GraphFormatErrorInit extends SourceLocation {
  format: FormatName;
  /** Field path inside the message, e.g. `GraphDef.node[12].attr["value"].tensor`. */
  path?: string;
  /** File name, when the input came from a file. */
  file?: string;
  reason: string;
  cause?: unknown;
}

/**
 * The one error type for malformed graph inputs. It always names the format, and where it can,
 * the field path and the byte offset (or line:col for text), so that a bug report can point at
 * the exact spot.
 */
export class GraphFormatError extends Error {
  override readonly name = 'GraphFormatError';
  readonly format: FormatName;
  readonly path: string;
  readonly reason: string;
  readonly offset: number | undefined;
  readonly line: number | undefined;
  readonly column: number | undefined;
  readonly file: string | undefined;

  constructor(init: GraphFormatErrorInit) {
    super(formatMessage(init), init.cause === undefined ? undefined : { cause: init.cause });
    this.format = init.format;
    this.path = init.path ?? '';
    this.reason = init.reason;
    this.offset = init.offset;
    this.line = init.line;
    this.column = init.column;
    this.file = init.file;
  }

  /** A copy with the file name (and optionally a path prefix and offset base) filled in. */
  withContext(ctx: { file?: string; format?: FormatName; pathPrefix?: string; offsetBase?: number }): GraphFormatError {
    return new GraphFormatError({
      format: ctx.format ?? this.format,
      path: ctx.pathPrefix ? joinPath(ctx.pathPrefix, this.path) : this.path,
      reason: this.reason,
      offset: this.offset === undefined ? undefined : this.offset + (ctx.offsetBase ?? 0),
      line: this.line,
      column: this.column,
      file: ctx.file ?? this.file,
      cause: this.cause,
    });
  }
}

function joinPath(prefix: string, path: string): string {
  if (!path) return prefix;
  return path.startsWith('[') ? prefix + path : `${prefix}.${path}`;
}

function formatMessage(e: GraphFormatErrorInit): string {
  const where: string[] = [];
  if (e.path) where.push(`at ${e.path}`);
  if (e.line !== undefined) where.push(`line ${e.line}:${e.column ?? 1}`);
  else if (e.offset !== undefined) where.push(`byte offset ${e.offset}`);
  const file = e.file ? `${e.file}: ` : '';
  return `${file}${e.format}: ${e.reason}${where.length ? ` (${where.join(', ')})` : ''}`;
}

/** Converts any thrown value into a GraphFormatError without losing a typed one. */
export function asGraphFormatError(err: unknown, format: FormatName, extra: Partial<GraphFormatErrorInit> = {}): GraphFormatError {
  if (err instanceof GraphFormatError) return err;
  const reason =
    err instanceof RangeError && /call stack/i.test(err.message)
      ? 'nesting too deep'
      : err instanceof Error
        ? err.message
        : String(err);
  return new GraphFormatError({ format, reason, cause: err, ...extra });
}
