// Raw DEFLATE (RFC 1951) with the platform's CompressionStream and
// DecompressionStream, which browsers and Node (20 and later) both have, so
// the playground ships no compression library. Inflation is capped: input
// goes in small slices and the output is counted as it comes, so a
// "zip bomb" stops at the cap instead of filling memory first.

/** INPUT_SLICE is how many compressed bytes go in at a time; DEFLATE expands at most ~1032:1, so one slice makes at most about 1 MB. */
export const INPUT_SLICE = 1024;

/** InflateResult is the inflated bytes, or why there are none. */
export type InflateResult = { ok: true; bytes: Uint8Array } | { ok: false; reason: 'corrupt' | 'too-large' };

// concat joins chunks into one array.
function concat(chunks: Uint8Array[], total: number): Uint8Array {
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/** deflateRaw compresses bytes as raw DEFLATE. */
export async function deflateRaw(bytes: Uint8Array): Promise<Uint8Array> {
  const cs = new CompressionStream('deflate-raw');
  const writer = cs.writable.getWriter();
  const feed = writer.write(bytes as Uint8Array<ArrayBuffer>).then(() => writer.close());
  const reader = cs.readable.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    total += value.byteLength;
  }
  await feed;
  return concat(chunks, total);
}

/**
 * inflateRaw decompresses raw DEFLATE data, producing at most maxBytes:
 * 'too-large' as soon as the output passes the cap, 'corrupt' when the
 * data is damaged or ends early.
 */
export async function inflateRaw(input: Uint8Array, maxBytes: number): Promise<InflateResult> {
  const ds = new DecompressionStream('deflate-raw');
  const writer = ds.writable.getWriter();
  const reader = ds.readable.getReader();
  const feed = (async () => {
    for (let i = 0; i < input.length; i += INPUT_SLICE) {
      await writer.write(input.subarray(i, i + INPUT_SLICE) as Uint8Array<ArrayBuffer>);
    }
    await writer.close();
  })();
  // The feed fails too when the stream is cancelled or errors; that is
  // reported through the reader, so its own rejection is not a second error.
  feed.catch(() => {});
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        await reader.cancel().catch(() => {});
        await writer.abort().catch(() => {});
        return { ok: false, reason: 'too-large' };
      }
      chunks.push(value);
    }
    await feed;
  } catch {
    return { ok: false, reason: 'corrupt' };
  }
  return { ok: true, bytes: concat(chunks, total) };
}
