/**
 * A packed script (deflate-raw, base64: tsup.config.ts) as a Blob URL to import, inflated by the
 * browser's DecompressionStream: in a booting worker (boot-worker.ts), or on the page for the
 * renderer on the page's thread.
 */

/** base64 → bytes: natively where the browser has it (Chromium 140+, Firefox 133+, Safari 18.2+). */
function fromBase64(text: string): Uint8Array {
  const native = (Uint8Array as unknown as { fromBase64?: (s: string) => Uint8Array }).fromBase64;
  if (native) return native(text);
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The script's text. */
export async function unpackText(packed: string): Promise<string> {
  // Inflated from memory: a Blob's stream would go through the browser process and back, and
  // waits behind whatever else that process is busy with (a large graph download).
  const bytes = fromBase64(packed);
  const source = new ReadableStream<BufferSource>({
    start(controller) {
      controller.enqueue(bytes as Uint8Array<ArrayBuffer>);
      controller.close();
    },
  });
  return new Response(source.pipeThrough(new DecompressionStream('deflate-raw'))).text();
}

/** The script as a Blob URL, to import. */
export async function unpackScript(packed: string): Promise<string> {
  return scriptUrl(await unpackText(packed));
}

export function scriptUrl(text: string): string {
  return URL.createObjectURL(new Blob([text], { type: 'text/javascript' }));
}
