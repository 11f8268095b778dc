import { describe, expect, it } from 'vitest';
import { chartCsv, chartJson, fileName, serverLink } from './download.js';

describe('chart downloads', () => {
  const rows = new Map([
    ['train', [[1.5, 0, 0.25] as [number, number, number], [2.5, 1, 'NaN'] as [number, number, string]]],
    ['a,b', [[3, 0, 1] as [number, number, number]]],
  ]);

  it('writes every run into one CSV, quoting odd run names', () => {
    expect(chartCsv(rows)).toBe('run,wall_time,step,value\ntrain,1.5,0,0.25\ntrain,2.5,1,NaN\n"a,b",3,0,1\n');
  });

  it('writes the API\'s own rows per run as JSON', () => {
    expect(JSON.parse(chartJson(rows))).toEqual({ train: [[1.5, 0, 0.25], [2.5, 1, 'NaN']], 'a,b': [[3, 0, 1]] });
  });

  it('names files and server links', () => {
    expect(fileName('loss/train step', 'csv')).toBe('scalars-loss_train_step.csv');
    expect(serverLink('eval/x', 'loss', 'csv')).toEqual({ href: 'data/plugin/scalars/scalars?run=eval%2Fx&tag=loss&format=csv', download: 'run-eval_x-tag-loss.csv' });
    expect(serverLink('r', 'a b', 'json').href).toBe('data/plugin/scalars/scalars?run=r&tag=a+b');
  });
});
