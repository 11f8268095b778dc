/** Node: a file's bytes as chunks from an offset, read with positioned reads (never whole). */
import { open } from 'node:fs/promises';

const CHUNK = 1 << 20;

export async function* fileChunks(path: string, fromOffset = 0, chunkSize = CHUNK): AsyncGenerator<Uint8Array> {
  const fh = await open(path, 'r');
  try {
    let at = fromOffset;
    for (;;) {
      // A fresh buffer per chunk: the reader hands out views into it.
      const buf = new Uint8Array(chunkSize);
      const { bytesRead } = await fh.read(buf, 0, chunkSize, at);
      if (bytesRead === 0) return;
      at += bytesRead;
      yield bytesRead === chunkSize ? buf : buf.subarray(0, bytesRead);
    }
  } finally {
    await fh.close();
  }
}
