/**
 * Blob keys (`data_provider._encode_blob_key`): URL-safe base64, `=` padding removed, of the
 * compact JSON `[experiment_id, plugin_name, run, tag, step, index]`. Decoding checks the shape;
 * the run and tag inside are only ever looked up, never used as paths.
 */
import { invalidArgument } from './reply.js';

export interface BlobKey {
  experimentId: string;
  plugin: string;
  run: string;
  tag: string;
  step: number;
  index: number;
}

export function encodeBlobKey(k: BlobKey): string {
  return Buffer.from(JSON.stringify([k.experimentId, k.plugin, k.run, k.tag, k.step, k.index]), 'utf8').toString('base64url');
}

export function decodeBlobKey(key: string): BlobKey {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(key, 'base64url').toString('utf8'));
  } catch {
    throw invalidArgument('malformed blob_key');
  }
  if (!Array.isArray(parsed) || parsed.length !== 6) throw invalidArgument('malformed blob_key');
  const [experimentId, plugin, run, tag, step, index] = parsed as unknown[];
  if (typeof experimentId !== 'string' || typeof plugin !== 'string' || typeof run !== 'string' || typeof tag !== 'string') throw invalidArgument('malformed blob_key');
  if (!Number.isSafeInteger(step) || !Number.isSafeInteger(index) || (index as number) < 0) throw invalidArgument('malformed blob_key');
  return { experimentId, plugin, run, tag, step: step as number, index: index as number };
}
