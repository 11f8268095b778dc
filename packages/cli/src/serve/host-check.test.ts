import { describe, expect, it } from 'vitest';
import { isLoopbackBind, isLoopbackHostHeader } from './host-check.js';

describe('host check', () => {
  it('knows loopback binds', () => {
    for (const h of ['127.0.0.1', '127.1.2.3', 'localhost', '::1']) expect(isLoopbackBind(h), h).toBe(true);
    for (const h of ['0.0.0.0', '::', '192.168.1.5', 'example.com']) expect(isLoopbackBind(h), h).toBe(false);
  });

  it('takes Host headers that name loopback, with or without a port, in any case', () => {
    for (const h of ['127.0.0.1:6006', 'LOCALHOST:6006', 'localhost', '[::1]:6006', 'board.localhost:80']) expect(isLoopbackHostHeader(h), h).toBe(true);
    for (const h of [undefined, '', 'evil.example', '127.0.0.1.evil.example', 'localhost.evil.example:6006', '[::2]:6006']) expect(isLoopbackHostHeader(h), String(h)).toBe(false);
  });
});
