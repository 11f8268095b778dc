import { describe, expect, it } from 'vitest';
import { displayName } from './display-name.js';

describe('displayName', () => {
  it('is the last path segment', () => {
    expect(displayName('MatMul')).toBe('MatMul');
    expect(displayName('dense/kernel/Initializer/random_uniform')).toBe('random_uniform');
    expect(displayName('a/b')).toBe('b');
  });

  it('keeps the parentheses of a strict-renamed node', () => {
    expect(displayName('a/b/(b)')).toBe('(b)');
    expect(displayName('(x)')).toBe('(x)');
  });

  it('keeps the range of a series', () => {
    expect(displayName('x/Add_[1-55]')).toBe('Add_[1-55]');
    expect(displayName('Add_[1-3]')).toBe('Add_[1-3]');
  });

  it('strips the library prefix and the hash suffix of a library function', () => {
    expect(displayName('__function_library__foo_deadb00f_42')).toBe('foo');
    expect(displayName('__function_library__foo_deadb00f')).toBe('foo');
    expect(displayName('__function_library__my_fn_0a1b2c3d_7')).toBe('my_fn');
  });

  it('strips only the prefix when there is no hash', () => {
    expect(displayName('__function_library__bar')).toBe('bar');
    expect(displayName('__function_library__bar_1')).toBe('bar_1');
  });

  it('names nodes inside a library function by their last segment', () => {
    expect(displayName('__function_library__f/x')).toBe('x');
    expect(displayName('__function_library__foo_deadb00f/inner/MatMul_1')).toBe('MatMul_1');
    expect(displayName('__function_library__f/(f)')).toBe('(f)');
  });
});
