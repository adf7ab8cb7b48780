// Types for the `snappyjs` package (pure-JS Snappy raw block format, CommonJS, no bundled types).
// Only the Uint8Array overloads the engine uses are declared; in Node a Buffer input gives a Buffer.
declare module 'snappyjs' {
  /** Compresses one raw Snappy block (varint length + elements). */
  export function compress(uncompressed: Uint8Array): Uint8Array;
  /** Decompresses one raw Snappy block; throws if the bitstream is invalid or longer than `maxLength`. */
  export function uncompress(compressed: Uint8Array, maxLength?: number): Uint8Array;
}

declare module 'snappyjs/snappy_compressor' {
  /** snappyjs's compressor, used by its `compress`: lets a caller compress into a buffer it reuses. */
  export class SnappyCompressor {
    constructor(uncompressed: Uint8Array);
    maxCompressedLength(): number;
    /** Writes the block into `out` (at least `maxCompressedLength()` long); returns the bytes written. */
    compressToBuffer(out: Uint8Array): number;
  }
}
