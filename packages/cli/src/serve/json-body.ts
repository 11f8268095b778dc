/**
 * TensorBoard's JSON encoding (`json_util.Cleanse` + `ensure_ascii`): non-finite floats become
 * the strings "NaN", "Infinity" and "-Infinity", and the body is ASCII only (`\uXXXX`).
 */
import type { Reply } from './reply.js';

function cleanse(_key: string, value: unknown): unknown {
  if (typeof value === 'number' && !Number.isFinite(value)) return Number.isNaN(value) ? 'NaN' : value > 0 ? 'Infinity' : '-Infinity';
  if (ArrayBuffer.isView(value) && !(value instanceof DataView)) return Array.from(value as unknown as ArrayLike<number>);
  return value;
}

/** The JSON text of `value`, as TensorBoard would write it. */
export function jsonText(value: unknown): string {
  return JSON.stringify(value, cleanse).replace(/[\u0080-\uffff]/g, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'));
}

export function jsonReply(value: unknown, status = 200): Reply {
  return { status, type: 'application/json', body: jsonText(value) };
}
