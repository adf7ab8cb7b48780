// Types for the `snappyjs` package (pure-JS Snappy raw block format, CommonJS, no bundled types).
// Only the Uint8Array overloads the engine uses are declared; in Node a Buffer input gives a Buffer.
declare module 'snappyjs' {
  /** Compresses one raw Snappy block (varint length + elements). */
  export function compress(uncompressed: Uint8Array): Uint8Array;
  /** Decompresses one raw Snappy block; throws if the bitstream is invalid or longer than `maxLength`. */
  export function uncompress(compressed: Uint8Array, maxLength?: number): Uint8Array;
}
