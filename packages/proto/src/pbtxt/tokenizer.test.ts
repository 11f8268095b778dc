import { describe, expect, it } from 'vitest';
import { hashBytes } from './byte-map.js';
import { StringPool } from './string-pool.js';
import { PbtxtSyntaxError, Tokenizer, TOK_EOF, TOK_IDENT, TOK_STRING, TOK_SYMBOL } from './tokenizer.js';

function tokens(text: string): string[] {
  const buf = new TextEncoder().encode(text);
  const tok = new Tokenizer(buf);
  const pool = new StringPool(buf);
  const out: string[] = [];
  while (tok.type !== TOK_EOF) {
    if (tok.type === TOK_STRING) out.push(`s:${tok.stringValue(pool)}|${Array.from(tok.bytesValue()).join(',')}`);
    else if (tok.type === TOK_SYMBOL) out.push(`y:${String.fromCharCode(tok.symbol)}`);
    else out.push(`${tok.type === TOK_IDENT ? 'i' : 'n'}:${tok.text()}`);
    if (tok.type === TOK_IDENT) expect(tok.hash).toBe(hashBytes(buf, tok.start, tok.end));
    else if (tok.type !== TOK_SYMBOL) expect(tok.symbol).toBe(0);
    tok.next();
  }
  return out;
}

describe('Tokenizer', () => {
  it('splits identifiers, numbers, symbols and comments', () => {
    expect(tokens('\ufeffnode { size: -1 f: .5 x: 1.5e-3f } # done\n[a.b/c]')).toEqual([
      'i:node', 'y:{', 'i:size', 'y::', 'y:-', 'n:1', 'i:f', 'y::', 'n:.5', 'i:x', 'y::', 'n:1.5e-3f', 'y:}', 'y:[', 'i:a', 'y:.', 'i:b', 'y:/', 'i:c', 'y:]',
    ]);
  });

  it('reads plain literals in place and the rest through the unescaper, alike', () => {
    const strings = (text: string) => tokens(text).filter((t) => t !== 'y:,');
    expect(strings(`"ab", 'c"d', "e\\nf", "g" # c\n 'h', "é"`)).toEqual(['s:ab|97,98', 's:c"d|99,34,100', 's:e\nf|101,10,102', 's:gh|103,104', 's:é|195,169']);
  });

  it('fails with the offset of the problem', () => {
    const at = (text: string) => {
      try {
        tokens(text);
      } catch (e) {
        expect(e).toBeInstanceOf(PbtxtSyntaxError);
        return [(e as PbtxtSyntaxError).reason, (e as PbtxtSyntaxError).offset];
      }
      return null;
    };
    expect(at('a "bc')).toEqual(['unterminated string', 2]);
    expect(at('a "b\nc"')).toEqual(['newline inside string', 4]);
    expect(at('a "b" "c\\z"')).toEqual(["invalid escape '\\z'", 8]);
    expect(at('a @')).toEqual(["unexpected character '@'", 2]);
    expect(at('a \u0001')).toEqual(['unexpected byte 0x01', 2]);
    expect(tokens('x')).toEqual(['i:x']);
  });
});
