/** Node: a file's bytes as chunks, read with positioned reads (never the whole file at once). */
import { open } from 'node:fs/promises';

const CHUNK = 1 << 20;

/**
 * The bytes of `path` in `[from, to)` (`to` defaults to the end), in chunks of at most
 * `chunkSize`, each a fresh buffer (the reader hands out views into them). Stops early at the
 * end of the file. One open, one read per chunk.
 */
export async function* fileChunks(path: string, from = 0, to = Infinity, chunkSize = CHUNK): AsyncGenerator<Uint8Array> {
  const fh = await open(path, 'r');
  try {
    let at = from;
    while (at < to) {
      const want = Math.min(chunkSize, to - at);
      const buf = new Uint8Array(want);
      const { bytesRead } = await fh.read(buf, 0, want, at);
      if (bytesRead === 0) return;
      at += bytesRead;
      yield bytesRead === want ? buf : buf.subarray(0, bytesRead);
    }
  } finally {
    await fh.close();
  }
}
