import { describe, expect, it } from 'vitest';
import { isSoftwareRenderer, rendererName } from './software-gpu.js';

describe('isSoftwareRenderer', () => {
  it('knows the software rasterisers by their renderer strings', () => {
    expect(isSoftwareRenderer('ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)')).toBe(true);
    expect(isSoftwareRenderer('llvmpipe (LLVM 15.0.6, 256 bits)')).toBe(true);
    expect(isSoftwareRenderer('ANGLE (Microsoft, Microsoft Basic Render Driver Direct3D11 vs_5_0 ps_5_0)')).toBe(true);
    expect(isSoftwareRenderer('ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 Direct3D11 vs_5_0 ps_5_0, D3D11)')).toBe(false);
    expect(isSoftwareRenderer('Apple M1')).toBe(false);
    expect(isSoftwareRenderer('')).toBe(false);
  });

  it("reads the plain name where it names the renderer, else the unmasked one where there is one", () => {
    const gl = (plain: string, ext: object | null) => {
      const params: Record<number, unknown> = { 1: 'unmasked', 2: plain };
      const asked: string[] = [];
      const ctx = { RENDERER: 2, getExtension: (n: string) => (asked.push(n), ext), getParameter: (p: number) => params[p] } as unknown as WebGL2RenderingContext;
      return { ctx, asked };
    };
    const chromium = gl('WebKit WebGL', { UNMASKED_RENDERER_WEBGL: 1 });
    expect(rendererName(chromium.ctx)).toBe('unmasked');
    expect(rendererName(gl('WebKit WebGL', null).ctx)).toBe('WebKit WebGL');
    // Firefox: the plain name is the renderer's, and the extension (which it warns about) is not asked for.
    const firefox = gl('llvmpipe, or similar', { UNMASKED_RENDERER_WEBGL: 1 });
    expect(rendererName(firefox.ctx)).toBe('llvmpipe, or similar');
    expect(firefox.asked).toEqual([]);
  });
});
