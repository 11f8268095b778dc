/**
 * Finds where and why a JSON text is invalid. JSON.parse's messages differ between engines and
 * often lack a position, so on failure we scan again with this small iterative checker.
 */

/** The first problem in a JSON text. */
class JsonSyntaxError extends Error {
  constructor(
    readonly offset: number,
    readonly reason: string,
  ) {
    super(reason);
  }
}

/** What may come next in the text. */
type Expect = 'value' | 'value-or-end' | 'key' | 'key-or-end' | 'colon' | 'comma-or-end';

/** One pass over the text, with an explicit stack of open containers (no recursion). */
class JsonChecker {
  private i = 0;
  private readonly n: number;
  /** Open containers: '{' or '['. */
  private readonly stack: string[] = [];
  private expect: Expect = 'value';
  /** The top-level value is complete. */
  private done = false;

  constructor(private readonly text: string) {
    this.n = text.length;
  }

  /** Throws a JsonSyntaxError at the first problem. */
  check(): void {
    for (;;) {
      this.ws();
      if (this.i >= this.n) {
        if (!this.done) this.fail(this.i, 'unexpected end of JSON');
        return;
      }
      const c = this.text[this.i]!;
      if (this.expect === 'colon') this.colon(c);
      else if (this.expect === 'comma-or-end') this.commaOrEnd(c);
      else if (this.expect === 'key' || this.expect === 'key-or-end') this.key(c);
      else this.value(c);
    }
  }

  private fail(offset: number, reason: string): never {
    throw new JsonSyntaxError(offset, reason);
  }

  private ws(): void {
    const { text, n } = this;
    while (this.i < n) {
      const c = text.charCodeAt(this.i);
      if (c === 32 || c === 9 || c === 10 || c === 13) this.i++;
      else break;
    }
  }

  private colon(c: string): void {
    if (c !== ':') this.fail(this.i, "expected ':' after a key");
    this.i++;
    this.expect = 'value';
  }

  private commaOrEnd(c: string): void {
    const top = this.stack[this.stack.length - 1];
    if (c === ',') {
      this.i++;
      this.expect = top === '{' ? 'key' : 'value';
    } else if ((c === '}' && top === '{') || (c === ']' && top === '[')) this.close();
    else this.fail(this.i, `expected ',' or '${top === '{' ? '}' : ']'}'`);
  }

  private key(c: string): void {
    if (c === '}' && this.expect === 'key-or-end') return this.close();
    if (c !== '"') this.fail(this.i, 'expected a quoted key');
    this.string();
    this.expect = 'colon';
  }

  /** A value (or, right after '[', the end of an empty array). */
  private value(c: string): void {
    const { text, i } = this;
    if (c === ']' && this.expect === 'value-or-end') this.close();
    else if (c === '{' || c === '[') this.open(c);
    else if (c === '"') {
      this.string();
      this.afterValue();
    } else if (/[-0-9]/.test(c)) {
      const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
      if (!m) this.fail(i, 'invalid number');
      this.literal(m[0].length);
    } else if (text.startsWith('true', i) || text.startsWith('null', i)) this.literal(4);
    else if (text.startsWith('false', i)) this.literal(5);
    else this.fail(i, `unexpected character '${c}'`);
  }

  private literal(length: number): void {
    this.i += length;
    this.afterValue();
  }

  private open(c: '{' | '['): void {
    this.i++;
    this.stack.push(c);
    this.expect = c === '{' ? 'key-or-end' : 'value-or-end';
  }

  private close(): void {
    this.i++;
    this.stack.pop();
    this.afterValue();
  }

  private afterValue(): void {
    this.expect = this.stack.length ? 'comma-or-end' : 'value';
    if (this.stack.length) return;
    this.done = true;
    this.ws();
    if (this.i < this.n) this.fail(this.i, 'unexpected text after the JSON value');
  }

  private string(): void {
    const { text, n } = this;
    const start = this.i;
    this.i++;
    while (this.i < n) {
      const c = text.charCodeAt(this.i);
      if (c === 34) {
        this.i++;
        return;
      }
      if (c === 92) this.i += 2;
      else if (c < 32) this.fail(this.i, 'control character in a string');
      else this.i++;
    }
    this.fail(start, 'unterminated string');
  }
}

export function jsonErrorAt(text: string): { offset: number; reason: string } | null {
  try {
    new JsonChecker(text).check();
    return null;
  } catch (e) {
    if (!(e instanceof JsonSyntaxError)) throw e;
    return { offset: e.offset, reason: e.reason };
  }
}
