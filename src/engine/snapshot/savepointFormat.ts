/**
 * Flink's `SavepointFormatType` (1.15+): a CANONICAL savepoint is written in the format every
 * state backend reads (`FullSnapshotAsyncWriter`, via the backend's `savepoint()` resources); a
 * NATIVE one is the backend's own checkpoint format taken with `SharingFilesStrategy.NO_SHARING`
 * (RocksDB: its SST files, all in the savepoint's directory). `bin/flink savepoint --type
 * native|canonical`; canonical is the default.
 */
import type { StepContext } from '../stepContext';

export type SavepointFormatType = 'CANONICAL' | 'NATIVE';

/** The format of savepoint `checkpointId` as the trigger chose it (Flink carries it in the barrier's `CheckpointOptions`). */
export function savepointFormatOf(ctx: StepContext, checkpointId: number): SavepointFormatType {
  return ctx.state.coordinator.history.find((h) => h.id === checkpointId)?.savepointFormat ?? 'CANONICAL';
}
