/**
 * The reader of Flink's checkpoint `_metadata`: pure TypeScript over a Uint8Array (no DOM, no
 * Node APIs), shared by the CLI (`npm run inspect`) and the browser's import dialog.
 */
export { isFlinkMetadata, parseCheckpointMetadata, readCheckpointMetadata, SUPPORTED_METADATA_VERSIONS } from './readMetadata';
export type { ReadResult } from './readMetadata';
export { MetadataFormatError } from './errors';
export type { MetadataErrorCode } from './errors';
export { referencedFiles } from './referencedFiles';
export type { ReferencedFile } from './referencedFiles';
export type * from './types';
