/**
 * The checkpoint-file half of the storage mirror: applying the engine's storage ops, reconciling
 * storage with a model snapshot, reading files back and listing them. Every function is one
 * transaction, and nothing inside one awaits anything but its own requests.
 *
 * Digesting bytes is this module's main cost. Where it can, it overlaps the browser's own work
 * instead of adding to it: `applyOps` digests each file just before issuing its put (while the
 * browser stores the previous one) and `readFiles` checks each file as it arrives (while later
 * ones are still being read). Both are synchronous, so the transaction cannot end under them.
 */
import type { StorageOp, StoredFile } from '../engine/storage/remoteStorage';
import { digestBytes } from './bytesDigest';
import { writeCheckpointSet, type CheckpointInput } from './checkpointMeta';
import { PersistenceError } from './persistenceError';
import { planReconcile, type DesiredFile, type IndexedState } from './planReconcile';
import type { RecordStore, WriteOp } from './recordStore';
import { checkSessionId, copyMeta, fileRecordsOf, type FileIndexRecord, type FileRecord } from './records';
import type { StoreName } from './schema';
import { parseFileIndexRecord, parseFileRecord } from './validateRecord';

/** How many files an `applyOps` call stored and deleted. */
export interface ApplyOpsResult {
  puts: number;
  deletes: number;
}

/** One stored file without its bytes. */
export type FileListing = Omit<FileIndexRecord, 'formatVersion' | 'sessionId'>;

/** Options of `reconcile`. */
export interface ReconcileOptions {
  /** Also read every stored file's bytes and check their digest (slower; catches damaged bytes). */
  verifyBytes?: boolean;
  /** When given, the session's checkpoint metadata is made equal to this list in the same transaction. */
  checkpoints?: readonly CheckpointInput[];
}

/** What `reconcile` changed. */
export interface ReconcileResult {
  added: number;
  replaced: number;
  deleted: number;
  unchanged: number;
  /** Checkpoint metadata records written and deleted (0 when `checkpoints` was not given). */
  checkpointsWritten: number;
  checkpointsDeleted: number;
}

const FILE_STORES: readonly StoreName[] = ['files', 'fileIndex'];
const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Applies a step's (or several steps') storage ops, in order, in one transaction. */
export async function applyOps(store: RecordStore, sessionId: string, ops: readonly StorageOp[]): Promise<ApplyOpsResult> {
  checkSessionId(sessionId);
  if (ops.length === 0) return { puts: 0, deletes: 0 };
  const puts = ops.filter((op) => op.op === 'put').length;
  const operation = `saving ${plural(ops.length, 'checkpoint-file change')} of session "${sessionId}"`;
  await store.transact(FILE_STORES, 'readwrite', operation, (tx) => tx.write(opWrites(sessionId, ops)));
  return { puts, deletes: ops.length - puts };
}

/** The writes that apply `ops`, each file's records built (and its bytes digested) only when pulled. */
function* opWrites(sessionId: string, ops: readonly StorageOp[]): Generator<WriteOp> {
  for (const op of ops) {
    if (op.op === 'put') {
      const { file, index } = fileRecordsOf(sessionId, op.path, op.bytes, op.meta);
      yield { store: 'files', put: file };
      yield { store: 'fileIndex', put: index };
    } else {
      const key = [sessionId, op.path] as const;
      yield { store: 'files', delete: key };
      yield { store: 'fileIndex', delete: key };
    }
  }
}

/**
 * Makes stored files equal `model` (after a seek or branch): deletes what the model lacks, adds
 * what storage lacks, and re-puts files whose size, digest or description differ, or whose
 * records are damaged or half there. Reads, decides and writes in one transaction, so nothing
 * can slip in between; damaged records are repaired rather than reported.
 */
export async function reconcile(store: RecordStore, sessionId: string, model: Readonly<Record<string, StoredFile>>, options: ReconcileOptions, now: () => number): Promise<ReconcileResult> {
  checkSessionId(sessionId);
  const desired = new Map<string, DesiredFile & { file: StoredFile }>();
  for (const path of Object.keys(model)) {
    const file = model[path]!;
    desired.set(path, { size: file.bytes.length, digest: digestBytes(file.bytes), meta: copyMeta(file.meta), file });
  }
  const stores: StoreName[] = options.checkpoints ? [...FILE_STORES, 'checkpoints'] : [...FILE_STORES];
  const operation = `bringing the saved checkpoint files of session "${sessionId}" in line with the timeline`;
  const savedAtMs = now();
  return store.transact(stores, 'readwrite', operation, async (tx) => {
    const [indexEntries, fileKeys, fileEntries] = await Promise.all([
      tx.getSessionEntries('fileIndex', sessionId),
      tx.getSessionKeys('files', sessionId),
      options.verifyBytes ? tx.getSessionEntries('files', sessionId) : Promise.resolve(null),
    ]);
    const index = new Map<string, IndexedState>();
    for (const { key, value } of indexEntries) {
      const path = (key as readonly [string, string])[1];
      try {
        index.set(path, parseFileIndexRecord(value, sessionId, path, { store: 'fileIndex', key, operation }));
      } catch {
        index.set(path, 'corrupt');
      }
    }
    const filePaths = new Set(fileKeys.map((k) => (k as readonly [string, string])[1]));
    let byteDigests: Map<string, string | 'corrupt'> | undefined;
    if (fileEntries) {
      byteDigests = new Map();
      for (const { key, value } of fileEntries) {
        const path = (key as readonly [string, string])[1];
        try {
          byteDigests.set(path, parseFileRecord(value, sessionId, path, { store: 'files', key, operation }, digestBytes).digest);
        } catch {
          byteDigests.set(path, 'corrupt');
        }
      }
    }
    const plan = planReconcile(desired, byteDigests ? { index, filePaths, byteDigests } : { index, filePaths });
    const changes: StorageOp[] = [
      ...plan.remove.map((path): StorageOp => ({ op: 'delete', path })),
      ...[...plan.add, ...plan.replace].map((path): StorageOp => {
        const { file } = desired.get(path)!;
        return { op: 'put', path, bytes: file.bytes, meta: file.meta };
      }),
    ];
    await tx.write(opWrites(sessionId, changes));
    const cp = options.checkpoints ? await writeCheckpointSet(tx, sessionId, options.checkpoints, savedAtMs) : { written: 0, deleted: 0 };
    return { added: plan.add.length, replaced: plan.replace.length, deleted: plan.remove.length, unchanged: plan.unchanged, checkpointsWritten: cp.written, checkpointsDeleted: cp.deleted };
  });
}

/** Reads files' bytes in one transaction; throws `not-found` naming every missing path. */
export async function readFiles(store: RecordStore, sessionId: string, paths: readonly string[]): Promise<Map<string, Uint8Array>> {
  checkSessionId(sessionId);
  const unique = [...new Set(paths)];
  const operation = `reading ${plural(unique.length, 'checkpoint file')} of session "${sessionId}"`;
  if (unique.length === 0) return new Map();
  // Each record is checked as soon as it arrives; failures are kept, not thrown, so that every
  // missing path is reported together and a damaged one only after that, as if checked in order.
  const checked = await store.transact(['files'], 'readonly', operation, (tx) =>
    Promise.all(
      unique.map((p) =>
        tx.get('files', [sessionId, p]).then((value): FileRecord | 'missing' | { damaged: unknown } => {
          if (value === undefined) return 'missing';
          try {
            return parseFileRecord(value, sessionId, p, { store: 'files', key: [sessionId, p], operation }, digestBytes);
          } catch (e) {
            return { damaged: e };
          }
        }),
      ),
    ),
  );
  const missing = unique.filter((_, i) => checked[i] === 'missing');
  if (missing.length > 0) {
    const list = missing.map((p) => `"${p}"`).join(', ');
    throw new PersistenceError({
      kind: 'not-found',
      operation,
      store: 'files',
      key: JSON.stringify([sessionId, missing[0]]),
      recovery: ['retry'],
      message:
        `${missing.length === 1 ? 'Checkpoint file' : 'Checkpoint files'} ${list} of session "${sessionId}" ${missing.length === 1 ? 'is' : 'are'} not in saved data: ` +
        'deleted with a discarded checkpoint, or never saved. Restore from another checkpoint, or let the app re-sync saved data with the timeline and try again.',
    });
  }
  const out = new Map<string, Uint8Array>();
  unique.forEach((p, i) => {
    const rec = checked[i]!;
    if (rec === 'missing') return; // not reached: reported above
    if ('damaged' in rec) throw rec.damaged;
    out.set(p, rec.bytes);
  });
  return out;
}

/** Lists a session's files (path, size, digest, description) without loading their bytes. */
export async function listFiles(store: RecordStore, sessionId: string): Promise<FileListing[]> {
  checkSessionId(sessionId);
  const operation = `listing the checkpoint files of session "${sessionId}"`;
  const entries = await store.transact(['fileIndex'], 'readonly', operation, (tx) => tx.getSessionEntries('fileIndex', sessionId));
  return entries.map(({ key, value }) => {
    const path = (key as readonly [string, string])[1];
    const { size, digest, meta } = parseFileIndexRecord(value, sessionId, path, { store: 'fileIndex', key, operation });
    return { path, size, digest, meta };
  });
}
