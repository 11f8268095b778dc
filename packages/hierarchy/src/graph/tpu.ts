/**
 * TPU compatibility of an op (TensorBoard's `opValid`), with one fix: a node with no device is
 * not assumed to run on a TPU, so it is not marked incompatible (TB treats "no device" as TPU).
 */
import { TPU_COMPATIBLE_OPS } from './tpu-allow-list.js';

export function opCompatible(name: string, op: string, device: string): boolean {
  if (name.startsWith('__function_library__') || op === '') return true;
  if (!device) return true;
  const d = device.toLowerCase();
  if (d.includes('cpu:') || d.includes('gpu:') || !d.includes('tpu')) return true;
  if (device.includes('TPU_SYSTEM')) return true;
  return TPU_COMPATIBLE_OPS.has(op);
}
