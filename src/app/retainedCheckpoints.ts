/**
 * The checkpoint metadata records the mirror keeps beside the files: one per retained checkpoint
 * or savepoint at the cursor, so that after a reload the app can list what it could restore from
 * without decoding any file. The records are a summary; the `_metadata` file stays the truth.
 */
import type { EngineState } from '../engine';
import type { CheckpointInput, Validator } from '../persistence';

/** What one checkpoint record holds (plain data). */
export interface RetainedCheckpointMeta {
  checkpointId: number;
  isSavepoint: boolean;
  metadataPath: string;
  /** Simulated completion time; null for the checkpoint a restored job was submitted with, before its first step. */
  completeMs: number | null;
  /** Every remote file the checkpoint references. */
  files: string[];
}

/**
 * The retained checkpoints and savepoints at a position, as records. The checkpoint a job was
 * submitted with (`startFrom`) counts too: before the first step it is in storage but not yet in
 * the completed store, and a reload at that point must still be able to restore from it.
 */
export function retainedCheckpointsOf(state: EngineState): CheckpointInput[] {
  const byId = new Map<number, RetainedCheckpointMeta>();
  const from = state.coordinator.startFrom;
  if (from)
    byId.set(from.checkpointId, {
      checkpointId: from.checkpointId,
      isSavepoint: from.isSavepoint,
      metadataPath: from.metadataPath,
      completeMs: null,
      files: [],
    });
  for (const c of [...state.coordinator.savepoints, ...state.coordinator.completed]) {
    byId.set(c.id, {
      checkpointId: c.id,
      isSavepoint: c.isSavepoint,
      metadataPath: c.metadataPath,
      completeMs: c.completeMs,
      files: [...c.files],
    });
  }
  return [...byId.values()]
    .sort((a, b) => a.checkpointId - b.checkpointId)
    .map((meta) => ({ checkpointId: meta.checkpointId, meta }));
}

/** Whether two record lists are equal (same ids, same content), to skip needless writes. */
export function sameCheckpointRecords(
  a: readonly CheckpointInput[],
  b: readonly CheckpointInput[],
): boolean {
  return (
    a.length === b.length &&
    a.every(
      (x, i) =>
        x.checkpointId === b[i]!.checkpointId &&
        JSON.stringify(x.meta) === JSON.stringify(b[i]!.meta),
    )
  );
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Checks a stored record read back from IndexedDB (nothing read back is trusted). */
export const validateRetainedCheckpoint: Validator<RetainedCheckpointMeta> = (value) => {
  if (!isObject(value)) throw new Error('a checkpoint record is an object');
  const { checkpointId, isSavepoint, metadataPath, completeMs, files } = value;
  if (!Number.isSafeInteger(checkpointId) || (checkpointId as number) < 0)
    throw new Error('checkpointId is not a non-negative integer');
  if (typeof isSavepoint !== 'boolean') throw new Error('isSavepoint is not a boolean');
  if (typeof metadataPath !== 'string' || metadataPath.length === 0)
    throw new Error('metadataPath is not a path');
  if (completeMs !== null && typeof completeMs !== 'number')
    throw new Error('completeMs is neither a number nor null');
  if (!Array.isArray(files) || !files.every((f) => typeof f === 'string'))
    throw new Error('files is not a list of paths');
  return {
    checkpointId: checkpointId as number,
    isSavepoint,
    metadataPath,
    completeMs,
    files: files as string[],
  };
};
