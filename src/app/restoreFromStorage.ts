/**
 * The reload path: what the previous session left in IndexedDB, and reading it back to start
 * the job from a retained checkpoint (`flink run -s`). Everything is read from the mirror, never
 * from the model in memory: a restore after a reload must prove the data really was durable.
 */
import type { RetainedCheckpointImport, Scenario, StoredFile } from '../engine';
import { PersistenceError, RESTORE_READ_OPTIONS, type StorageMirror } from '../persistence';
import { validateRetainedCheckpoint, type RetainedCheckpointMeta } from './retainedCheckpoints';
import { validateScenario } from './sessionRecord';

type ReadMirror = Pick<
  StorageMirror,
  'loadSession' | 'listCompletedCheckpoints' | 'listFiles' | 'readFiles'
>;

/** A retained checkpoint the previous session left, with the scenario to run. */
export interface RestorePoint {
  checkpoint: RetainedCheckpointMeta;
  scenario: Scenario;
  fileCount: number;
  totalBytes: number;
}

/**
 * The newest retained checkpoint or savepoint of the session whose `_metadata` file is stored,
 * or null when there is none (or no session record to take the scenario from).
 */
export async function findRestorePoint(
  mirror: ReadMirror,
  sessionId: string,
): Promise<RestorePoint | null> {
  const session = await mirror.loadSession(sessionId, { scenario: validateScenario });
  if (!session) return null;
  const checkpoints = await mirror.listCompletedCheckpoints(sessionId, validateRetainedCheckpoint);
  if (checkpoints.length === 0) return null;
  const listing = await mirror.listFiles(sessionId);
  const stored = new Set(listing.map((f) => f.path));
  const usable = checkpoints.filter((c) => stored.has(c.meta.metadataPath));
  const newest = usable.at(-1);
  if (!newest) return null;
  return {
    checkpoint: newest.meta,
    scenario: session.scenario,
    fileCount: listing.length,
    totalBytes: listing.reduce((n, f) => n + f.size, 0),
  };
}

/** Reads every stored file of the session back and builds the engine's import of `checkpoint`. */
export async function readBackCheckpoint(
  mirror: ReadMirror,
  sessionId: string,
  checkpoint: RetainedCheckpointMeta,
): Promise<RetainedCheckpointImport> {
  const listing = await mirror.listFiles(sessionId);
  if (!listing.some((f) => f.path === checkpoint.metadataPath)) {
    throw new PersistenceError({
      kind: 'not-found',
      operation: `restoring from checkpoint ${checkpoint.checkpointId}`,
      store: 'files',
      key: JSON.stringify([sessionId, checkpoint.metadataPath]),
      recovery: ['export'],
      message: `The _metadata file of checkpoint ${checkpoint.checkpointId} (${checkpoint.metadataPath}) is no longer in saved data, so the job cannot be restored from it. Start fresh.`,
    });
  }
  // The engine checks every format it reads back (CRCs, validated _metadata), so the restore
  // skips re-digesting the bytes; shapes and sizes are still validated.
  const bytes = await mirror.readFiles(
    sessionId,
    listing.map((f) => f.path),
    RESTORE_READ_OPTIONS,
  );
  const files: StoredFile[] = listing.map((f) => ({
    path: f.path,
    bytes: bytes.get(f.path)!,
    meta: f.meta,
  }));
  return {
    checkpointId: checkpoint.checkpointId,
    isSavepoint: checkpoint.isSavepoint,
    metadataPath: checkpoint.metadataPath,
    files,
  };
}
