import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { tensorboard } from '@tbg/proto';
import { experimentContent, pythonJson, sessionEndContent, sessionGroupName, sessionStartContent } from './hparams.js';
import { sha256Hex } from './sha256.js';

const hp = tensorboard.hparams;

describe('sha256Hex', () => {
  it('matches known vectors and node:crypto', () => {
    const enc = new TextEncoder();
    expect(sha256Hex(enc.encode(''))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex(enc.encode('abc'))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    for (const len of [55, 56, 63, 64, 65, 119, 1000]) {
      const data = Uint8Array.from({ length: len }, (_, i) => (i * 31 + 7) % 256);
      expect(sha256Hex(data)).toBe(createHash('sha256').update(data).digest('hex'));
    }
  });
});

describe('session group names (TB _derive_session_group_name)', () => {
  it('reproduces the group name of the tf2-hparams fixture', () => {
    // fixtures/events/tf2-hparams/hparam_tuning/run-6: written by TF 2.1's hp.hparams.
    expect(sessionGroupName({ dropout: 0.2, num_units: 32, optimizer: 'adam' })).toBe('3ec2aed9e07589fa816af6490b80638fa449b32984a47f4fe611f0b050c94f66');
  });

  it('serialises like json.dumps(sort_keys=True, separators=(",", ":"))', () => {
    expect(pythonJson({ b: true, a: 'x"y\\z\n', c: 1e-5, d: 123.5, e: 1e21, f: -0.0001, g: 1.5e300, h: 'é😀' })).toBe(
      '{"a":"x\\"y\\\\z\\n","b":true,"c":1e-05,"d":123.5,"e":1e+21,"f":-0.0001,"g":1.5e+300,"h":"\\u00e9\\ud83d\\ude00"}',
    );
    expect(pythonJson({ x: NaN, y: Infinity, z: 0.1 })).toBe('{"x":NaN,"y":Infinity,"z":0.1}');
    expect(pythonJson({ big: 1.2345678901234568e16, small: 0.00012, int: 9007199254740991, neg: -7 })).toBe(
      '{"big":1.2345678901234568e+16,"int":9007199254740991,"neg":-7,"small":0.00012}',
    );
  });
});

describe('hparams plugin data', () => {
  it('experiment: types inferred from domains, discrete values sorted, metrics', () => {
    const content = experimentContent(
      {
        hparams: [
          { name: 'num_units', domain: { type: 'discrete', values: [32, 16] } },
          { name: 'dropout', displayName: 'Dropout', description: 'rate', domain: { type: 'interval', min: 0.1, max: 0.2 } },
          { name: 'optimizer', domain: { type: 'discrete', values: ['sgd', 'adam'] } },
          { name: 'bn', domain: { type: 'discrete', values: [true, false] } },
          { name: 'free' },
        ],
        metrics: [{ tag: 'accuracy', displayName: 'Accuracy' }, { tag: 'loss', group: 'validation', description: 'd', datasetType: 'validation' }],
        timeCreatedSecs: 1234,
      },
      999,
    );
    const d = hp.HParamsPluginData.decode(content);
    expect(d.version).toBe(0);
    expect(d.data).toBe('experiment');
    const e = d.experiment!;
    expect(e.time_created_secs).toBe(1234);
    const infos = e.hparam_infos;
    expect(infos.map((i) => i.name)).toEqual(['num_units', 'dropout', 'optimizer', 'bn', 'free']);
    expect(infos.map((i) => i.type)).toEqual([
      hp.DataType.DATA_TYPE_FLOAT64,
      hp.DataType.DATA_TYPE_FLOAT64,
      hp.DataType.DATA_TYPE_STRING,
      hp.DataType.DATA_TYPE_BOOL,
      hp.DataType.DATA_TYPE_UNSET,
    ]);
    expect(infos[0]!.domain_discrete!.values.map((v) => v.number_value)).toEqual([16, 32]);
    expect(infos[1]!.domain_interval).toMatchObject({ min_value: 0.1, max_value: 0.2 });
    expect(infos[1]!.display_name).toBe('Dropout');
    expect(infos[1]!.description).toBe('rate');
    expect(infos[2]!.domain_discrete!.values.map((v) => v.string_value)).toEqual(['adam', 'sgd']);
    expect(infos[3]!.domain_discrete!.values.map((v) => v.bool_value)).toEqual([false, true]);
    expect(infos[4]!.domain).toBeUndefined();
    expect(e.metric_infos[0]!.name).toMatchObject({ tag: 'accuracy', group: '' });
    expect(e.metric_infos[0]!.display_name).toBe('Accuracy');
    expect(e.metric_infos[1]!.name).toMatchObject({ tag: 'loss', group: 'validation' });
    expect(e.metric_infos[1]!.dataset_type).toBe(hp.DatasetType.DATASET_VALIDATION);
    // time_created_secs defaults to now
    expect(hp.HParamsPluginData.decode(experimentContent({ hparams: [], metrics: [] }, 999)).experiment!.time_created_secs).toBe(999);
  });

  it('experiment validation', () => {
    expect(() => experimentContent({ hparams: [{ name: 'a', domain: { type: 'discrete', values: [1, 'x'] } }], metrics: [] }, 0)).toThrow(/same type/);
    expect(() => experimentContent({ hparams: [{ name: 'a', domain: { type: 'discrete', values: [] } }], metrics: [] }, 0)).toThrow(/at least one/);
    expect(() => experimentContent({ hparams: [{ name: 'a', domain: { type: 'interval', min: 2, max: 1 } }], metrics: [] }, 0)).toThrow(RangeError);
    expect(() => experimentContent({ hparams: [{ name: 'a' }, { name: 'a' }], metrics: [] }, 0)).toThrow(/duplicate/);
  });

  it('session start: typed values, group name, start time', () => {
    const d = hp.HParamsPluginData.decode(sessionStartContent({ lr: 0.01, opt: 'adam', bn: true }, {}, 77));
    const s = d.session_start_info!;
    expect(s.hparams['lr']!.number_value).toBe(0.01);
    expect(s.hparams['opt']!.string_value).toBe('adam');
    expect(s.hparams['bn']!.bool_value).toBe(true);
    expect(s.start_time_secs).toBe(77);
    expect(s.group_name).toBe(sessionGroupName({ lr: 0.01, opt: 'adam', bn: true }));
    const t = hp.HParamsPluginData.decode(sessionStartContent({ lr: 0.01 }, { trialId: 'trial-7', startTimeSecs: 5 }, 77)).session_start_info!;
    expect(t.group_name).toBe('trial-7');
    expect(t.start_time_secs).toBe(5);
    expect(() => sessionStartContent({ x: {} as unknown as number }, {}, 0)).toThrow(TypeError);
  });

  it('session end: status and end time', () => {
    const ok = hp.HParamsPluginData.decode(sessionEndContent({}, 50)).session_end_info!;
    expect(ok.status).toBe(hp.Status.STATUS_SUCCESS);
    expect(ok.end_time_secs).toBe(50);
    const failed = hp.HParamsPluginData.decode(sessionEndContent({ status: 'failure', endTimeSecs: 9 }, 50)).session_end_info!;
    expect(failed.status).toBe(hp.Status.STATUS_FAILURE);
    expect(failed.end_time_secs).toBe(9);
    expect(hp.HParamsPluginData.decode(sessionEndContent({ status: 'running' }, 0)).session_end_info!.status).toBe(hp.Status.STATUS_RUNNING);
    expect(hp.HParamsPluginData.decode(sessionEndContent({ status: 'unknown' }, 0)).session_end_info!.status).toBe(hp.Status.STATUS_UNKNOWN);
  });
});
