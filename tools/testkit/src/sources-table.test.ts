import { describe, expect, it } from 'vitest';
import { fixturePath } from './fixtures.js';
import { needShared } from './skips.js';
import { sourcesTable } from './sources-table.js';

describe.skipIf(!needShared('sourcesTable'))('sourcesTable', () => {
  it('reads the graph fixtures table', () => {
    const rows = sourcesTable(fixturePath('graphs', 'SOURCES.md'));
    const byFile = new Map(rows.map((r) => [r.file, r]));
    expect(byFile.get('tb_demo_xla_118.pbtxt')?.nodes).toBe(118);
    expect(byFile.get('zhacmsra_fc_quant_defun_461.pbtxt')?.nodes).toBe(461);
    expect(byFile.get('tb_run_metadata_step99.pbtxt')?.kind).toMatch(/RunMetadata/);
  });

  it('reads the TF.js table', () => {
    const rows = sourcesTable(fixturePath('tfjs-graphs', 'SOURCES.md'));
    expect(rows).toHaveLength(10);
    expect(rows.find((r) => r.file.includes('facemesh'))?.nodes).toBe(2140);
    expect(rows.find((r) => r.file.includes('inception'))?.raw).toBe('318 layers');
  });
});
