import { describe, expect, it } from 'vitest';
import { EventsUsageError } from '../errors.js';
import { DEFAULT_SAMPLES, DEFAULT_SAMPLES_PER_PLUGIN, parseSamplesPerPlugin, sampleCapacity, samplesFor, Sampling } from './sampling.js';

describe('sampling', () => {
  it("has Python TensorBoard's defaults", () => {
    const s = new Sampling();
    expect(s.capacity('scalars')).toBe(1000);
    expect(s.capacity('histograms')).toBe(500);
    expect(s.capacity('images')).toBe(10);
    expect(s.capacity('audio')).toBe(10);
    expect(s.capacity('pr_curves')).toBe(100);
    for (const p of ['text', 'hparams', 'graphs', 'graph_keras_model', 'graph_tagged_run_metadata', 'mesh', 'custom_scalars', '', 'my_plugin']) {
      expect(s.capacity(p)).toBe(DEFAULT_SAMPLES);
    }
    expect(DEFAULT_SAMPLES).toBe(10);
    expect(Object.keys(DEFAULT_SAMPLES_PER_PLUGIN).sort()).toEqual(['audio', 'histograms', 'images', 'pr_curves', 'scalars']);
    // Not fooled by Object.prototype.
    expect(s.capacity('constructor')).toBe(10);
  });

  it('overrides per plugin; 0 and "all" both keep everything', () => {
    const s = new Sampling({ scalars: 5, images: 0, text: 'all' });
    expect(s.capacity('scalars')).toBe(5);
    expect(s.capacity('images')).toBe(Infinity);
    expect(s.capacity('text')).toBe(Infinity);
    expect(s.capacity('histograms')).toBe(500);
    expect(s.toJSON()).toEqual({ scalars: 5, images: 'all', text: 'all' });
    expect(samplesFor('audio', { audio: 3 })).toBe(3);
  });

  it('parses the CLI syntax', () => {
    expect(parseSamplesPerPlugin('scalars=500,images=all')).toEqual({ scalars: 500, images: 'all' });
    expect(parseSamplesPerPlugin(' scalars = 500 , , images=0,')).toEqual({ scalars: 500, images: 0 });
    expect(parseSamplesPerPlugin('')).toEqual({});
    const s = new Sampling('scalars=500,images=all,histograms=0');
    expect(s.capacity('scalars')).toBe(500);
    expect(s.capacity('images')).toBe(Infinity);
    expect(s.capacity('histograms')).toBe(Infinity);
  });

  it('rejects malformed specs', () => {
    for (const bad of ['scalars', 'scalars=', '=5', 'scalars=-1', 'scalars=1.5', 'scalars=lots', 'a=1=2']) {
      expect(() => parseSamplesPerPlugin(bad), bad).toThrow(EventsUsageError);
    }
    expect(() => sampleCapacity(-3)).toThrow(EventsUsageError);
    expect(() => new Sampling({ scalars: 2.5 })).toThrow(EventsUsageError);
  });

  it("supports '*' for every plugin without its own entry", () => {
    const s = new Sampling({ '*': 'all', images: 2 });
    expect(s.capacity('scalars')).toBe(Infinity);
    expect(s.capacity('anything')).toBe(Infinity);
    expect(s.capacity('images')).toBe(2);
  });
});
