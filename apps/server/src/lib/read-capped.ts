/**
 * Reads a response body of at most `max` bytes: the bytes, or null (the rest cancelled) as soon as
 * more arrive. A declared Content-Length can lie or be missing, so the count is of what arrives.
 * Used by the Dapodik client and the update check, which each turn null into their own message.
 */
export async function readCapped(
  body: ReadableStream<Uint8Array> | null,
  max: number,
): Promise<Buffer | null> {
  if (!body) return Buffer.alloc(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
