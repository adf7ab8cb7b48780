/** Snapshot compression: Snappy framing format as Flink's `SnappyStreamCompressionDecorator` writes it. */
export * from './crc32c';
export * from './snappyFramed';
export * from './measureCompression';
