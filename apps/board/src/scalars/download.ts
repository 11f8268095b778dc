/**
 * A chart's data as a file: CSV (`run,wall_time,step,value`) or JSON (`{run: [[wall_time, step,
 * value], …]}`, the API's own rows), made in the page; and the server's per-run links
 * (TensorBoard's `run-<run>-tag-<tag>.csv|json`).
 */
import { dataUrl } from '../core/api.js';
import type { ScalarRow } from '../core/types.js';

/** A CSV field, quoted when it needs to be. */
function field(s: string): string {
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function chartCsv(rows: ReadonlyMap<string, readonly ScalarRow[]>): string {
  const lines = ['run,wall_time,step,value'];
  for (const [run, rs] of rows) for (const [w, s, v] of rs) lines.push(`${field(run)},${w},${s},${v}`);
  return lines.join('\n') + '\n';
}

export function chartJson(rows: ReadonlyMap<string, readonly ScalarRow[]>): string {
  return JSON.stringify(Object.fromEntries(rows));
}

/** A file name from a tag: path separators and odd characters become `_`. */
export function fileName(tag: string, ext: 'csv' | 'json'): string {
  return `scalars-${tag.replace(/[^\w.-]+/g, '_')}.${ext}`;
}

export function serverLink(run: string, tag: string, format: 'csv' | 'json'): { href: string; download: string } {
  return {
    href: dataUrl('plugin/scalars/scalars', { run, tag, format: format === 'csv' ? 'csv' : undefined }),
    download: `run-${run}-tag-${tag}.${format}`.replace(/[/\\]/g, '_'),
  };
}

/** Saves `text` as a file via a temporary object URL. */
export function saveText(text: string, name: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
