/** gzip via the Web Compression Streams API (Node and workerd alike), typed for byte streams. */
export const gzip = () => new CompressionStream('gzip') as unknown as TransformStream<Uint8Array, Uint8Array>;
export const gunzip = () => new DecompressionStream('gzip') as unknown as TransformStream<Uint8Array, Uint8Array>;
