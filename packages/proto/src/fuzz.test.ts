/**
 * Fuzzing: random truncations and byte flips of real fixtures must give a valid graph or a
 * GraphFormatError, never another exception and never a hang.
 */
import { describe, expect, it } from 'vitest';
import { GRAPH_FIXTURES, Rng } from '@tbg/testkit';
import { tensorflow } from './gen/tf.js';
import { GraphFormatError } from './errors.js';
import { loadColumnarGraph, loadGraph, loadGraphSource } from './load/load-graph.js';
import { decodeColumnar } from './columnar/decode.js';
import { fixtureOptions, readFixture } from './test-support/fixtures.js';

/** Every graph fixture, plus the RunMetadata text (not a graph, but loadGraph takes it). */
const FIXTURES: ReadonlyArray<readonly [string, string]> = [...GRAPH_FIXTURES, ['graphs', 'tb_run_metadata_step99.pbtxt']];

/**
 * Rounds of each mutation kind per fixture. An attempt costs a fixed overhead plus time in
 * proportion to the size, so rounds = BUDGET / (OVERHEAD + size) within [MIN_ROUNDS, MAX_ROUNDS]:
 * small files get a few hundred rounds, the megabyte ones a few, and the whole file runs in
 * about the time the old 7-fixture list did.
 */
const BUDGET = 4e6;
const OVERHEAD = 20_000;
const MIN_ROUNDS = 4;
const MAX_ROUNDS = 300;
const roundsFor = (size: number) => Math.max(MIN_ROUNDS, Math.min(MAX_ROUNDS, Math.floor(BUDGET / (OVERHEAD + size))));

/**
 * Loads mutated bytes: loadGraph must give a valid graph or a GraphFormatError, the columnar
 * decoder must agree with it on the same GraphDef bytes (that is loadColumnarGraph without a
 * second parse), and the raw bytes must not break the columnar decoder either. Returns whether
 * loadGraph took them.
 */
function attempt(bytes: Uint8Array, name: string, file: string): boolean {
  const guard = <T>(what: string, fn: () => T): T | GraphFormatError => {
    try {
      return fn();
    } catch (e) {
      if (e instanceof GraphFormatError) return e;
      throw new Error(`${name} (${what}): ${String(e)}`, { cause: e });
    }
  };
  // The fast path must be just as robust on the same raw bytes.
  guard('decodeColumnar of the input', () => decodeColumnar(bytes));
  const full = guard('loadGraph', () => loadGraph(bytes, fixtureOptions(file)));
  if (full instanceof GraphFormatError) return false;
  expect(full.graph, name).toBeInstanceOf(tensorflow.GraphDef);
  // GraphDef bytes that protobufjs decoded must decode columnar too, to the same nodes.
  const columnar = decodeColumnar(full.graphBytes, { file: name });
  expect(columnar.nodes.count, name).toBe(full.graph.node.length);
  expect(columnar.nodes.names, name).toEqual(full.graph.node.map((n) => n.name));
  expect(Array.from(columnar.nodes.op, (o) => columnar.ops[o]), name).toEqual(full.graph.node.map((n) => n.op));
  return true;
}

describe('fuzzing', () => {
  for (const [dir, file] of FIXTURES) {
    it(`${dir}/${file}: ${roundsFor(readFixture(dir, file).length)} truncations and as many byte flips`, () => {
      const orig = readFixture(dir, file);
      const n = roundsFor(orig.length);
      // The unmutated file loads, both ways.
      expect(attempt(orig, file, file)).toBe(true);
      expect(loadColumnarGraph(orig, fixtureOptions(file)).columnar.nodes.count).toBe(loadGraph(orig, fixtureOptions(file)).graph.node.length);
      const rng = new Rng(file);
      const rand = () => rng.next();
      let errors = 0;
      for (let k = 0; k < n; k++) {
        const cut = Math.floor(rand() * orig.length);
        if (!attempt(orig.subarray(0, cut), `${file}[0:${cut}]`, file)) errors++;
      }
      for (let k = 0; k < n; k++) {
        const b = orig.slice();
        const flips = 1 + Math.floor(rand() * 4);
        const at: number[] = [];
        for (let f = 0; f < flips; f++) {
          at.push(Math.floor(rand() * b.length));
          b[at[f]!] = b[at[f]!]! ^ (1 << Math.floor(rand() * 8));
        }
        if (!attempt(b, `${file} (flipped at ${at.join(', ')})`, file)) errors++;
      }
      // Hangs are caught by the test timeout; this checks that the mutations did reach the checks.
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
