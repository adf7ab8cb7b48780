/**
 * The checkpoint-file half of the storage mirror: applying the engine's storage ops, reconciling
 * storage with a model snapshot, reading files back and listing them. Every function is one
 * transaction, and nothing inside one awaits anything but its own requests.
 *
 * A file is one `files` record; listing and reconciling read its description from the keys of
 * the store's `byListing` index (see records.ts), never the bytes.
 *
 * Digesting bytes is this module's main cost. Where it can, it overlaps the browser's own work
 * instead of adding to it: `applyOps` digests each file just before issuing its put (while the
 * browser stores the previous one) and `readFiles` checks each file as it arrives (while later
 * ones are still being read). Both are synchronous, so the transaction cannot end under them.
 */
import type { StorageOp, StoredFile } from '../engine/storage/remoteStorage';
import { digestBytes } from './bytesDigest';
import { writeCheckpointSet, type CheckpointInput } from './checkpointMeta';
import { PersistenceError, corruptRecord } from './persistenceError';
import { planReconcile, type DesiredFile, type IndexedState } from './planReconcile';
import type { IndexEntry, RecordKey, RecordStore, RecordTx, WriteOp } from './recordStore';
import { checkSessionId, copyMeta, fileRecordOf, listingFieldsOf, metaJsonOf, type FileListing } from './records';
import type { StoreName } from './schema';
import { parseFileListing, parseFileRecord } from './validateRecord';

/** How many files an `applyOps` call stored and deleted. */
export interface ApplyOpsResult {
  puts: number;
  deletes: number;
  /** What each op left stored, in order: the file's listing, or null (deleted). */
  listings: [path: string, listing: FileListing | null][];
}

/**
 * A session's files as this tab's own transactions left them in IndexedDB (path → listing). A
 * reconcile given it plans against it instead of reading every listing back: that read turned
 * each stored file's path, digest and description into new strings the browser and the page's
 * script heap share (thousands per reconcile in a big run, one reconcile a second while it played
 * fast), and the page's major garbage collections spent 10–25 ms of their pause on them.
 */
export type KnownFiles = ReadonlyMap<string, FileListing>;

/** One stored file without its bytes. */
export type { FileListing };

/** Options of `reconcile`. */
export interface ReconcileOptions {
  /** Also read every stored file's bytes and check their digest (slower; catches damaged bytes). */
  verifyBytes?: boolean;
  /** When given, the session's checkpoint metadata is made equal to this list in the same transaction. */
  checkpoints?: readonly CheckpointInput[];
  /**
   * What this tab's last transactions left stored (KnownFiles): planned against without reading
   * the listing back. A record damaged since is then not noticed, so the caller gives it only
   * while it knows nothing else wrote the session's files; ignored with `verifyBytes`.
   */
  known?: KnownFiles;
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
  /** The session's files as the reconcile left them (the model's), for the next one's `known`. */
  listing: Map<string, FileListing>;
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** A put (with its description already encoded) or a delete of one file. */
type FileChange = { path: string; put: { bytes: Uint8Array; metaJson: string } | null };

/** Applies a step's (or several steps') storage ops, in order, in one transaction. */
export async function applyOps(store: RecordStore, sessionId: string, ops: readonly StorageOp[]): Promise<ApplyOpsResult> {
  checkSessionId(sessionId);
  if (ops.length === 0) return { puts: 0, deletes: 0, listings: [] };
  // Descriptions are encoded (and checked) first, so a bad one throws before anything is written.
  const changes = ops.map((op): FileChange => ({ path: op.path, put: op.op === 'put' ? { bytes: op.bytes, metaJson: metaJsonOf(op.meta) } : null }));
  const puts = ops.filter((op) => op.op === 'put').length;
  const operation = `saving ${plural(ops.length, 'checkpoint-file change')} of session "${sessionId}"`;
  await store.transact(['files'], 'readwrite', operation, (tx) => tx.write(fileWrites(sessionId, changes)));
  const listings = ops.map((op): [string, FileListing | null] => [op.path, op.op === 'put' ? listingOfFile(op.path, op.bytes, op.meta) : null]);
  return { puts, deletes: ops.length - puts, listings };
}

/** The listing a file's record gets (its digest is cached: computed once for the record's put). */
function listingOfFile(path: string, bytes: Uint8Array, meta: StoredFile['meta']): FileListing {
  return { path, size: bytes.length, digest: digestBytes(bytes), meta: copyMeta(meta) };
}

/**
 * The writes that make the changes: one request per file, since its `byListing` index entry is
 * kept by IndexedDB itself. Each record is built (and its bytes digested) only when pulled.
 */
function* fileWrites(sessionId: string, changes: readonly FileChange[]): Generator<WriteOp> {
  for (const { path, put } of changes) {
    yield put ? { store: 'files', put: fileRecordOf(sessionId, path, put.bytes, put.metaJson) } : { store: 'files', delete: [sessionId, path] };
  }
}

const pathOf = (key: RecordKey): string => (key as readonly [string, string])[1];

/** A file's description from its `byListing` entry, checked as the record itself would be. */
function listingOf(entry: IndexEntry, sessionId: string, operation: string): FileListing {
  return parseFileListing(listingFieldsOf(entry.key), sessionId, pathOf(entry.primaryKey), { store: 'files', key: entry.primaryKey, operation });
}

/**
 * Inside a transaction: the session's records' keys in path order, their `byListing` entries by
 * path, and the keys of records without an entry (too damaged to be indexed: a field missing or
 * of the wrong type). Neither request loads a record.
 */
async function readListing(tx: RecordTx, sessionId: string): Promise<{ keys: RecordKey[]; entries: Map<string, IndexEntry>; unlisted: RecordKey[] }> {
  const [indexed, keys] = await Promise.all([tx.getSessionIndexKeys('files', 'byListing', sessionId), tx.getSessionKeys('files', sessionId)]);
  const entries = new Map(indexed.map((e) => [pathOf(e.primaryKey), e]));
  return { keys, entries, unlisted: keys.filter((k) => !entries.has(pathOf(k))) };
}

/**
 * Makes stored files equal `model` (after a seek or branch): deletes what the model lacks, adds
 * what storage lacks, and re-puts files whose size, digest or description differ, or whose
 * records are damaged (listed wrongly, or not at all). Reads, decides and writes in one
 * transaction, so nothing can slip in between; damaged records are repaired rather than reported.
 */
export async function reconcile(store: RecordStore, sessionId: string, model: Readonly<Record<string, StoredFile>>, options: ReconcileOptions, now: () => number): Promise<ReconcileResult> {
  checkSessionId(sessionId);
  const desired = new Map<string, DesiredFile & { file: StoredFile; metaJson: string }>();
  for (const path of Object.keys(model)) {
    const file = model[path]!;
    desired.set(path, { size: file.bytes.length, digest: digestBytes(file.bytes), meta: copyMeta(file.meta), metaJson: metaJsonOf(file.meta), file });
  }
  const stores: StoreName[] = options.checkpoints ? ['files', 'checkpoints'] : ['files'];
  const operation = `bringing the saved checkpoint files of session "${sessionId}" in line with the timeline`;
  const savedAtMs = now();
  return store.transact(stores, 'readwrite', operation, async (tx) => {
    const known = options.verifyBytes ? undefined : options.known;
    const [{ filePaths, index }, fileEntries] = await Promise.all([
      known ? { filePaths: new Set(known.keys()), index: known } : storedState(tx, sessionId, operation),
      options.verifyBytes ? tx.getSessionEntries('files', sessionId) : Promise.resolve(null),
    ]);
    let byteDigests: Map<string, string | 'corrupt'> | undefined;
    if (fileEntries) {
      byteDigests = new Map();
      for (const { key, value } of fileEntries) {
        const path = pathOf(key);
        try {
          byteDigests.set(path, parseFileRecord(value, sessionId, path, { store: 'files', key, operation }, digestBytes).digest);
        } catch {
          byteDigests.set(path, 'corrupt');
        }
      }
    }
    const plan = planReconcile(desired, byteDigests ? { index, filePaths, byteDigests } : { index, filePaths });
    const changes: FileChange[] = [
      ...plan.remove.map((path): FileChange => ({ path, put: null })),
      ...[...plan.add, ...plan.replace].map((path): FileChange => {
        const { file, metaJson } = desired.get(path)!;
        return { path, put: { bytes: file.bytes, metaJson } };
      }),
    ];
    await tx.write(fileWrites(sessionId, changes));
    const cp = options.checkpoints ? await writeCheckpointSet(tx, sessionId, options.checkpoints, savedAtMs) : { written: 0, deleted: 0 };
    const listing = new Map([...desired].map(([path, d]): [string, FileListing] => [path, { path, size: d.size, digest: d.digest, meta: d.meta }]));
    return { added: plan.add.length, replaced: plan.replace.length, deleted: plan.remove.length, unchanged: plan.unchanged, checkpointsWritten: cp.written, checkpointsDeleted: cp.deleted, listing };
  });
}

/** What the session's records are, read from the `byListing` index: by path, and every record's path. */
async function storedState(tx: RecordTx, sessionId: string, operation: string): Promise<{ filePaths: Set<string>; index: Map<string, IndexedState> }> {
  const { keys, entries } = await readListing(tx, sessionId);
  // A record without a listing entry is in `filePaths` but not in `index`: it gets replaced.
  const filePaths = new Set(keys.map(pathOf));
  const index = new Map<string, IndexedState>();
  for (const [path, entry] of entries) {
    try {
      index.set(path, listingOf(entry, sessionId, operation));
    } catch {
      index.set(path, 'corrupt');
    }
  }
  return { filePaths, index };
}

/** Reads files' bytes in one transaction; throws `not-found` naming every missing path. */
/**
 * How `readFiles` checks bytes. `verifyDigest: false` still checks every record's shape and size
 * but trusts the bytes to the file formats' own checksums (SST and DSTL CRC-32C, full-snapshot
 * section CRCs, validated `_metadata`), as Flink trusts its formats rather than its storage.
 */
export interface ReadFilesOptions {
  verifyDigest?: boolean;
}

/** The restore path's choice: the engine verifies every format it reads back. */
export const RESTORE_READ_OPTIONS: ReadFilesOptions = Object.freeze({ verifyDigest: false });

export async function readFiles(store: RecordStore, sessionId: string, paths: readonly string[], options: ReadFilesOptions = {}): Promise<Map<string, Uint8Array>> {
  const digestOf = options.verifyDigest === false ? null : digestBytes;
  checkSessionId(sessionId);
  const unique = [...new Set(paths)];
  const operation = `reading ${plural(unique.length, 'checkpoint file')} of session "${sessionId}"`;
  if (unique.length === 0) return new Map();
  // Each record is checked as soon as it arrives; failures are kept, not thrown, so that every
  // missing path is reported together and a damaged one only after that, as if checked in order.
  const checked = await store.transact(['files'], 'readonly', operation, (tx) =>
    Promise.all(
      unique.map((p) =>
        tx.get('files', [sessionId, p]).then((value): { bytes: Uint8Array } | 'missing' | { damaged: unknown } => {
          if (value === undefined) return 'missing';
          try {
            return parseFileRecord(value, sessionId, p, { store: 'files', key: [sessionId, p], operation }, digestOf);
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

/**
 * Lists a session's files (path, size, digest, description) in path order from the `byListing`
 * index alone, without loading their bytes. A damaged record throws `corrupt` naming it, whether
 * its listing is unsound or it could not be indexed at all (then it is read to say why).
 */
export async function listFiles(store: RecordStore, sessionId: string): Promise<FileListing[]> {
  checkSessionId(sessionId);
  const operation = `listing the checkpoint files of session "${sessionId}"`;
  const { keys, entries, unlisted } = await store.transact(['files'], 'readonly', operation, async (tx) => {
    const listing = await readListing(tx, sessionId);
    // Normally none: only a damaged record is read, to say what is wrong with it.
    const values = await Promise.all(listing.unlisted.map((key) => tx.get('files', key)));
    return { ...listing, unlisted: new Map(listing.unlisted.map((key, i) => [pathOf(key), values[i]])) };
  });
  return keys.map((key) => {
    const path = pathOf(key);
    const entry = entries.get(path);
    if (entry) return listingOf(entry, sessionId, operation);
    // Throws saying what is wrong; a record that passed would have been indexed.
    parseFileListing(unlisted.get(path), sessionId, path, { store: 'files', key, operation });
    throw corruptRecord('files', key, 'is missing from the "byListing" index of the store', operation);
  });
}
