/**
 * Finds where and why a JSON text is invalid. JSON.parse's messages differ between engines and
 * often lack a position, so on failure we scan again with this small iterative checker.
 */
export function jsonErrorAt(text: string): { offset: number; reason: string } | null {
  let i = 0;
  const n = text.length;
  // Stack of open containers: '{' or '['; `expect` says what may come next.
  const stack: string[] = [];
  // One of: value, value-or-end, key, key-or-end, colon, comma-or-end (a plain string: closures
  // below change it, which TypeScript's narrowing would not see).
  let expect: string = 'value';
  let done = false;
  const ws = () => {
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 32 || c === 9 || c === 10 || c === 13) i++;
      else break;
    }
  };
  const afterValue = () => {
    expect = stack.length ? 'comma-or-end' : 'value';
    if (!stack.length) {
      done = true;
      ws();
      if (i < n) throw { offset: i, reason: 'unexpected text after the JSON value' };
    }
  };
  try {
    for (;;) {
      ws();
      if (i >= n) {
        if (!done) throw { offset: i, reason: 'unexpected end of JSON' };
        return null;
      }
      const c = text[i]!;
      if (expect === 'colon') {
        if (c !== ':') throw { offset: i, reason: "expected ':' after a key" };
        i++;
        expect = 'value';
        continue;
      }
      if (expect === 'comma-or-end') {
        const top = stack[stack.length - 1];
        if (c === ',') {
          i++;
          expect = top === '{' ? 'key' : 'value';
        } else if ((c === '}' && top === '{') || (c === ']' && top === '[')) {
          i++;
          stack.pop();
          afterValue();
        } else throw { offset: i, reason: `expected ',' or '${top === '{' ? '}' : ']'}'` };
        continue;
      }
      if (expect === 'key' || expect === 'key-or-end') {
        if (c === '}' && expect === 'key-or-end') {
          i++;
          stack.pop();
          afterValue();
          continue;
        }
        if (c !== '"') throw { offset: i, reason: 'expected a quoted key' };
        string();
        expect = 'colon';
        continue;
      }
      // A value (or, right after '[', the end of an empty array).
      if (c === ']' && expect === 'value-or-end') {
        i++;
        stack.pop();
        afterValue();
        continue;
      }
      if (c === '{') {
        i++;
        stack.push('{');
        expect = 'key-or-end';
      } else if (c === '[') {
        i++;
        stack.push('[');
        expect = 'value-or-end';
      } else if (c === '"') {
        string();
        afterValue();
      } else if (/[-0-9]/.test(c)) {
        const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
        if (!m) throw { offset: i, reason: 'invalid number' };
        i += m[0].length;
        afterValue();
      } else if (text.startsWith('true', i) || text.startsWith('null', i)) {
        i += 4;
        afterValue();
      } else if (text.startsWith('false', i)) {
        i += 5;
        afterValue();
      } else throw { offset: i, reason: `unexpected character '${c}'` };
    }
  } catch (e) {
    return e as { offset: number; reason: string };
  }

  function string(): void {
    const start = i;
    i++;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 34) {
        i++;
        return;
      }
      if (c === 92) i += 2;
      else if (c < 32) throw { offset: i, reason: 'control character in a string' };
      else i++;
    }
    throw { offset: start, reason: 'unterminated string' };
  }
}
