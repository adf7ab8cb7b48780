/**
 * Flink's `SavepointFormatType` (1.15+): a CANONICAL savepoint is written in the format every
 * state backend reads (`FullSnapshotAsyncWriter`, via the backend's `savepoint()` resources); a
 * NATIVE one is the backend's own checkpoint format taken with `SharingFilesStrategy.NO_SHARING`
 * (RocksDB: its SST files, all in the savepoint's directory). `bin/flink savepoint --type
 * native|canonical`; canonical is the default.
 */
export type SavepointFormatType = 'CANONICAL' | 'NATIVE';

/**
 * The format travels with the savepoint: in the trigger RPC, the barrier and the barrier handler's
 * request to the task (Flink's `CheckpointOptions` carry the `SnapshotType`, `SavepointType`
 * with its format), so a task never asks the coordinator. Checkpoints carry none; this copies
 * the field when there is one.
 */
export function savepointFormatField(from: { savepointFormat?: SavepointFormatType }): { savepointFormat?: SavepointFormatType } {
  return from.savepointFormat ? { savepointFormat: from.savepointFormat } : {};
}
