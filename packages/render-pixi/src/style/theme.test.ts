import { describe, expect, it } from 'vitest';
import { DARK_THEME, DEFAULT_THEME, mergeTheme, parseColor } from './theme.js';

describe('themes', () => {
  it("the default theme is TensorBoard's: #bbb edges, #444 labels, orange reference edges, a red selection", () => {
    expect(DEFAULT_THEME).toMatchObject({ background: 0xffffff, edge: 0xbbbbbb, refEdge: 0xffb74d, label: 0x444444, edgeLabel: 0x666666, selection: 0xff0000, expandButton: 0xe7811d });
    expect(DARK_THEME.nodeFills).toBe('inverted');
    expect(DARK_THEME.background).toBeLessThan(0x404040);
  });

  it('merges a partial theme, ignoring junk', () => {
    const t = mergeTheme(DEFAULT_THEME, { edge: 0x123456, fade: 3, nodeFills: 'inverted', label: Number.NaN, bogus: 1 } as never);
    expect(t.edge).toBe(0x123456);
    expect(t.fade).toBe(1);
    expect(t.nodeFills).toBe('inverted');
    expect(t.label).toBe(DEFAULT_THEME.label);
    expect('bogus' in t).toBe(false);
    expect(DEFAULT_THEME.edge).toBe(0xbbbbbb);
  });

  it('parses the CSS colours custom properties hold', () => {
    expect(parseColor('#abc')).toBe(0xaabbcc);
    expect(parseColor(' #AABBCC ')).toBe(0xaabbcc);
    expect(parseColor('#aabbcc80')).toBe(0xaabbcc);
    expect(parseColor('#abcd')).toBe(0xaabbcc);
    expect(parseColor('rgb(255, 128, 0)')).toBe(0xff8000);
    expect(parseColor('rgba(0 0 255 / 0.5)')).toBe(0x0000ff);
    expect(parseColor('rgb(100%, 0%, 50%)')).toBe(0xff0080);
    expect(parseColor('white')).toBe(0xffffff);
    expect(parseColor('hsl(0 0% 0%)')).toBeNull();
    expect(parseColor('#12')).toBeNull();
    expect(parseColor('')).toBeNull();
  });
});
