/**
 * What a route returns (status, type, body), and TensorBoard's public errors: a text/plain body
 * `"<Code name>: <details>"` with the code's status (`tensorboard/errors.py`).
 */

export interface Reply {
  status: number;
  /** Content-Type without charset (the server adds `; charset=utf-8` to textual types). */
  type: string;
  body: string | Uint8Array;
  headers?: Record<string, string>;
  /** The body already gzipped (cached static assets), sent as is to clients that accept gzip. */
  gzipped?: Uint8Array;
}

/** TensorBoard's codes, and `Data loss` (ours): what the logdir holds for the request is damaged. */
export type PublicErrorCode = 'Invalid argument' | 'Permission denied' | 'Not found' | 'Method not allowed' | 'Data loss';

const STATUS: Record<PublicErrorCode, number> = { 'Invalid argument': 400, 'Permission denied': 403, 'Not found': 404, 'Method not allowed': 405, 'Data loss': 500 };

/** An error meant for the client: its message is sent as the body. */
export class PublicError extends Error {
  override readonly name = 'PublicError';
  readonly status: number;
  constructor(
    readonly code: PublicErrorCode,
    readonly details?: string,
  ) {
    super(details ? `${code}: ${details}` : code);
    this.status = STATUS[code];
  }
}

export const invalidArgument = (details?: string): PublicError => new PublicError('Invalid argument', details);
export const notFound = (details?: string): PublicError => new PublicError('Not found', details);
export const permissionDenied = (details?: string): PublicError => new PublicError('Permission denied', details);

/** Runs `read` (a decode of bytes from the logdir); a failure becomes a `Data loss` error naming `what`. */
export function readingLogdirData<T>(what: string, read: () => T): T {
  try {
    return read();
  } catch (err) {
    if (err instanceof PublicError) throw err;
    const reason = err instanceof Error ? err.message.split('\n')[0]! : String(err);
    throw new PublicError('Data loss', `${what} cannot be read: ${reason}`);
  }
}

export function textReply(status: number, body: string, type = 'text/plain'): Reply {
  return { status, type, body };
}

export function errorReply(err: PublicError): Reply {
  return textReply(err.status, err.message);
}

/** Python's `repr` of a str, as TensorBoard's messages quote run and tag names. */
export function pyRepr(s: string | null | undefined): string {
  if (s === null || s === undefined) return 'None';
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  let out = '';
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (ch === '\\') out += '\\\\';
    else if (ch === quote) out += '\\' + ch;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (c < 0x20 || c === 0x7f) out += '\\x' + c.toString(16).padStart(2, '0');
    else out += ch;
  }
  return quote + out + quote;
}
