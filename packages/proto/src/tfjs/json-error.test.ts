import { describe, expect, it } from 'vitest';
import { jsonErrorAt } from './json-error.js';

describe('jsonErrorAt', () => {
  it('accepts valid JSON', () => {
    for (const ok of ['{}', '[]', '{"a": [1, -2.5e3, "x\\"y", true, false, null, {}]}', ' 3 ', '"s"']) expect(jsonErrorAt(ok)).toBeNull();
  });

  it('finds the first error', () => {
    expect(jsonErrorAt('{\n "a": [1,\n }')).toEqual({ offset: 13, reason: "unexpected character '}'" });
    expect(jsonErrorAt('{"a" 1}')).toEqual({ offset: 5, reason: "expected ':' after a key" });
    expect(jsonErrorAt('{"a": 1,}')).toEqual({ offset: 8, reason: 'expected a quoted key' });
    expect(jsonErrorAt('[1 2]')).toEqual({ offset: 3, reason: "expected ',' or ']'" });
    expect(jsonErrorAt('{"a": "b')).toEqual({ offset: 6, reason: 'unterminated string' });
    expect(jsonErrorAt('[1]]')).toEqual({ offset: 3, reason: 'unexpected text after the JSON value' });
    expect(jsonErrorAt('{"a": [')?.reason).toBe('unexpected end of JSON');
    expect(jsonErrorAt('')?.reason).toBe('unexpected end of JSON');
    expect(jsonErrorAt('["a\u0001"]')).toEqual({ offset: 3, reason: 'control character in a string' });
    expect(jsonErrorAt('[-x]')).toEqual({ offset: 1, reason: 'invalid number' });
    expect(jsonErrorAt('{"a": tru}')).toEqual({ offset: 6, reason: "unexpected character 't'" });
    expect(jsonErrorAt('{"a": [1}')).toEqual({ offset: 8, reason: "expected ',' or ']'" });
    expect(jsonErrorAt('[{"a": {}}, []] x')).toEqual({ offset: 16, reason: 'unexpected text after the JSON value' });
  });

  it('agrees with JSON.parse on which texts are valid', () => {
    for (const text of ['{"a": {"b": [[], {}, [1, {"c": null}]]}}', '[1, 2', '{"a": 1 "b": 2}', '[true, false, null]', '{"k": "\\"}', '[1.5e-3, -0, 0.25]', '{]', '[}']) {
      let valid = true;
      try {
        JSON.parse(text);
      } catch {
        valid = false;
      }
      expect(jsonErrorAt(text) === null, text).toBe(valid);
    }
  });
});
