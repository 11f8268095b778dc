/** TensorBoard's encodings, checked on known values: JSON, CSV floats, sampling, compression, gzip negotiation, paths. */
import { describe, expect, it } from 'vitest';
import { PythonRandom } from '@tbg/events';
import { acceptsGzip } from './compression.js';
import { compressHistogram } from './compress-histogram.js';
import { downsample, pythonSample } from './downsample.js';
import { jsonText } from './json-body.js';
import { pyFloat } from './py-float.js';
import { pyRepr } from './reply.js';
import { cleanPath, stripExperiment } from './router.js';
import { pathSegments } from './safe-path.js';

describe('encodings', () => {
  it('writes non-finite floats as strings and JSON as ASCII', () => {
    expect(jsonText([NaN, Infinity, -Infinity, 1.5, new Float64Array([NaN, 2])])).toBe('["NaN","Infinity","-Infinity",1.5,["NaN",2]]');
    expect(jsonText({ 'é': 'ü→' })).toBe('{"\\u00e9":"\\u00fc\\u2192"}');
  });

  it("prints floats as Python's repr", () => {
    expect([1e-5, 1e16, 3, 0.1, 123456789012345.6, 1.5e-7, NaN, -Infinity].map(pyFloat)).toEqual(['1e-05', '1e+16', '3.0', '0.1', '123456789012345.6', '1.5e-07', 'nan', '-inf']);
  });

  it('quotes like Python repr', () => {
    expect([pyRepr('train'), pyRepr("it's"), pyRepr(null), pyRepr('a\nb')]).toEqual(["'train'", '"it\'s"', 'None', "'a\\nb'"]);
  });

  it("samples as CPython's random.Random(0).sample (values from Python 3.11)", () => {
    expect(pythonSample(new PythonRandom(0), 15, 9).sort((a, b) => a - b)).toEqual([0, 3, 4, 6, 7, 8, 12, 13, 14]);
    const big = pythonSample(new PythonRandom(0), 1999, 999).sort((a, b) => a - b);
    expect([...big.slice(0, 5), ...big.slice(-3)]).toEqual([0, 2, 3, 4, 6, 1992, 1997, 1998]);
  });

  it('downsamples to k items, always keeping the last, in order', () => {
    const xs = Array.from({ length: 2000 }, (_, i) => i);
    const d = downsample(xs, 1000);
    expect(d).toHaveLength(1000);
    expect(d.at(-1)).toBe(1999);
    expect(d.slice(0, 5)).toEqual([0, 2, 3, 4, 6]);
    expect(downsample(xs.slice(0, 5), 10)).toEqual([0, 1, 2, 3, 4]);
    expect(downsample(xs, 0)).toEqual([]);
  });

  it("compresses a histogram at TensorBoard's basis points", () => {
    const out = compressHistogram([0, 1, 1, 1, 2, 1]);
    expect(out.map((p) => p[0])).toEqual([0, 668, 1587, 3085, 5000, 6915, 8413, 9332, 10000]);
    expect(out[0]![1]).toBe(0);
    expect(out[1]![1]).toBeCloseTo(0.1336, 12);
    expect(out[4]![1]).toBe(1);
    expect(out[7]![1]).toBeCloseTo(1.8664, 12);
    expect(out[8]![1]).toBe(2);
    expect(compressHistogram([])).toEqual(out.map((p) => [p[0], 0]));
  });

  it('negotiates gzip as TensorBoard does', () => {
    expect(['gzip', 'deflate, gzip', 'x-gzip', '*', 'gzip;q=0.5'].map(acceptsGzip)).toEqual([true, true, true, true, true]);
    expect(['gzip;q=0', 'identity', '', undefined, 'br'].map(acceptsGzip)).toEqual([false, false, false, false, false]);
  });

  it('strips the experiment prefix and one trailing slash', () => {
    expect(stripExperiment('/experiment/abc/data/runs')).toEqual({ experimentId: 'abc', path: '/data/runs' });
    expect(stripExperiment('/experiment/abc')).toEqual({ experimentId: 'abc', path: '/' });
    expect(stripExperiment('/data/runs')).toEqual({ experimentId: '', path: '/data/runs' });
    expect([cleanPath('/data/runs/'), cleanPath('/')]).toEqual(['/data/runs', '/']);
  });

  it('splits safe paths and refuses the rest', () => {
    expect(pathSegments('/assets/a%20b.js')).toEqual(['assets', 'a b.js']);
    for (const bad of ['/../x', '/%2E%2E/x', '/a/./b', '//etc', '/C:/x', '/a%5Cb', '/%00', '/%E0%A4%A']) expect(() => pathSegments(bad), bad).toThrow();
  });
});
