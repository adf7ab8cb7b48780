/**
 * A session's checkpoint bookkeeping: completed-checkpoint metadata (one record per checkpoint)
 * and the shared state registry snapshot. Both are opaque plain data from the engine; this layer
 * only checks the envelope and hands the payload to the caller's validator on every read.
 */
import type { RecordStore, RecordTx } from './recordStore';
import { FORMAT_VERSION, checkCheckpointId, checkSessionId, type CheckpointRecord, type RegistryRecord } from './records';
import { parseCheckpointRecord, parseRegistryRecord, type Validator } from './validateRecord';

/** Checkpoint metadata to store. `meta` must be structured-cloneable plain data. */
export interface CheckpointInput {
  checkpointId: number;
  meta: unknown;
}

/** Stored checkpoint metadata, checked by the caller's validator. */
export interface CheckpointEntry<T> {
  checkpointId: number;
  meta: T;
  savedAtMs: number;
}

/** A stored registry snapshot, checked by the caller's validator. */
export interface RegistryEntry<T> {
  snapshot: T;
  savedAtMs: number;
}

function checkpointRecord(sessionId: string, c: CheckpointInput, savedAtMs: number): CheckpointRecord {
  checkCheckpointId(c.checkpointId);
  return { formatVersion: FORMAT_VERSION, sessionId, checkpointId: c.checkpointId, meta: c.meta, savedAtMs };
}

/** Inside a transaction: makes the session's checkpoint records exactly `entries`. */
export async function writeCheckpointSet(tx: RecordTx, sessionId: string, entries: readonly CheckpointInput[], savedAtMs: number): Promise<{ written: number; deleted: number }> {
  const records = entries.map((c) => checkpointRecord(sessionId, c, savedAtMs));
  const keep = new Set(records.map((r) => r.checkpointId));
  const stale = (await tx.getSessionKeys('checkpoints', sessionId)).filter((k) => !keep.has((k as readonly [string, number])[1]));
  await Promise.all([...stale.map((k) => tx.delete('checkpoints', k)), ...records.map((r) => tx.put('checkpoints', r))]);
  return { written: records.length, deleted: stale.length };
}

/** Stores (or replaces) one checkpoint's metadata. */
export async function putCheckpointMeta(store: RecordStore, sessionId: string, checkpoint: CheckpointInput, now: () => number): Promise<void> {
  checkSessionId(sessionId);
  const record = checkpointRecord(sessionId, checkpoint, now());
  await store.transact(['checkpoints'], 'readwrite', `saving the metadata of checkpoint ${checkpoint.checkpointId} of session "${sessionId}"`, (tx) => tx.put('checkpoints', record));
}

/** Deletes one checkpoint's metadata (subsumed or discarded); false if there was none. */
export async function deleteCheckpointMeta(store: RecordStore, sessionId: string, checkpointId: number): Promise<boolean> {
  checkSessionId(sessionId);
  checkCheckpointId(checkpointId);
  return store.transact(['checkpoints'], 'readwrite', `deleting the metadata of checkpoint ${checkpointId} of session "${sessionId}"`, async (tx) => {
    const existed = (await tx.get('checkpoints', [sessionId, checkpointId])) !== undefined;
    await tx.delete('checkpoints', [sessionId, checkpointId]);
    return existed;
  });
}

/** One checkpoint's metadata, or undefined when none is stored. */
export async function getCheckpointMeta<T>(store: RecordStore, sessionId: string, checkpointId: number, validate: Validator<T>): Promise<CheckpointEntry<T> | undefined> {
  checkSessionId(sessionId);
  checkCheckpointId(checkpointId);
  const operation = `reading the metadata of checkpoint ${checkpointId} of session "${sessionId}"`;
  const value = await store.transact(['checkpoints'], 'readonly', operation, (tx) => tx.get('checkpoints', [sessionId, checkpointId]));
  if (value === undefined) return undefined;
  const r = parseCheckpointRecord(value, sessionId, checkpointId, { store: 'checkpoints', key: [sessionId, checkpointId], operation }, validate);
  return { checkpointId, meta: r.meta, savedAtMs: r.savedAtMs };
}

/** Every stored checkpoint of the session, by ascending id. A damaged one throws `corrupt`. */
export async function listCompletedCheckpoints<T>(store: RecordStore, sessionId: string, validate: Validator<T>): Promise<CheckpointEntry<T>[]> {
  checkSessionId(sessionId);
  const operation = `listing the completed checkpoints of session "${sessionId}"`;
  const entries = await store.transact(['checkpoints'], 'readonly', operation, (tx) => tx.getSessionEntries('checkpoints', sessionId));
  return entries.map(({ key, value }) => {
    const checkpointId = (key as readonly [string, number])[1];
    const r = parseCheckpointRecord(value, sessionId, checkpointId, { store: 'checkpoints', key, operation }, validate);
    return { checkpointId, meta: r.meta, savedAtMs: r.savedAtMs };
  });
}

/** Stores (or replaces) the session's registry snapshot. */
export async function putRegistry(store: RecordStore, sessionId: string, snapshot: unknown, now: () => number): Promise<void> {
  checkSessionId(sessionId);
  const record: RegistryRecord = { formatVersion: FORMAT_VERSION, sessionId, snapshot, savedAtMs: now() };
  await store.transact(['registry'], 'readwrite', `saving the shared state registry of session "${sessionId}"`, (tx) => tx.put('registry', record));
}

/** The session's registry snapshot, or undefined when none is stored. */
export async function getRegistry<T>(store: RecordStore, sessionId: string, validate: Validator<T>): Promise<RegistryEntry<T> | undefined> {
  checkSessionId(sessionId);
  const operation = `reading the shared state registry of session "${sessionId}"`;
  const value = await store.transact(['registry'], 'readonly', operation, (tx) => tx.get('registry', sessionId));
  if (value === undefined) return undefined;
  const r = parseRegistryRecord(value, sessionId, { store: 'registry', key: sessionId, operation }, validate);
  return { snapshot: r.snapshot, savedAtMs: r.savedAtMs };
}
