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

  it('reads the unmasked name where there is one, else the plain one', () => {
    const params: Record<number, unknown> = { 1: 'unmasked', 2: 'WebKit WebGL' };
    const gl = (ext: object | null) => ({ RENDERER: 2, getExtension: () => ext, getParameter: (p: number) => params[p] }) as unknown as WebGL2RenderingContext;
    expect(rendererName(gl({ UNMASKED_RENDERER_WEBGL: 1 }))).toBe('unmasked');
    expect(rendererName(gl(null))).toBe('WebKit WebGL');
  });
});
