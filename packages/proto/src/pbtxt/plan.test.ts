import { describe, expect, it } from 'vitest';
import { schema } from '../schema/schema.js';
import { messagePlan, V_INT32, V_INT64, V_MESSAGE } from './plan.js';

describe('parse plans', () => {
  it('cover every message of the schema (the given-fields mask has room for each)', () => {
    for (const name of schema().messageNames()) {
      const plan = messagePlan(name);
      expect(plan.list.length).toBe(plan.desc.fields.length);
      plan.list.forEach((f, i) => expect(f.bit).toBe(1 << i));
    }
  });

  it('know oneof partners, map entries and value kinds', () => {
    const attr = messagePlan('tensorflow.AttrValue');
    const s = attr.list.find((f) => f.name === 's')!;
    const i = attr.list.find((f) => f.name === 'i')!;
    expect(s.oneofMask & i.bit).toBe(i.bit);
    expect(s.oneofMask & s.bit).toBe(0);
    expect(i.value).toBe(V_INT64);
    const node = messagePlan('tensorflow.NodeDef');
    const attrs = node.list.find((f) => f.name === 'attr')!;
    expect(attrs.single).toBe(false);
    expect(attrs.entry?.key.name).toBe('key');
    expect(attrs.entry?.value.value).toBe(V_MESSAGE);
    expect(messagePlan('tensorflow.TensorProto').list.find((f) => f.name === 'int_val')!.value).toBe(V_INT32);
  });
});
