/**
 * gzip via the Web Compression Streams API (Node and workerd alike). Chunks are written one at a
 * time, each awaited, instead of with pipeThrough: Node's CompressionStream sizes its writable
 * queue in chunks (16,384 of them), so pipeThrough would pull far ahead of zlib and hold
 * hundreds of MB of input; awaiting each write keeps at most one chunk queued.
 */
export function gzip(source: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  return pump(source, new CompressionStream('gzip') as unknown as TransformStream<Uint8Array, Uint8Array>);
}

export function gunzip(source: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  return pump(source, new DecompressionStream('gzip') as unknown as TransformStream<Uint8Array, Uint8Array>);
}

function pump(source: ReadableStream<Uint8Array>, transform: TransformStream<Uint8Array, Uint8Array>): ReadableStream<Uint8Array> {
  const reader = source.getReader();
  const writer = transform.writable.getWriter();
  void (async () => {
    try {
      for (let next = await reader.read(); !next.done; next = await reader.read()) await writer.write(next.value);
      await writer.close();
    } catch (err) {
      await writer.abort(err).catch(() => {});
      await reader.cancel(err).catch(() => {});
    }
  })();
  return transform.readable;
}
