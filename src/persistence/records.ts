/**
 * The shapes of the records in each object store, and the functions that build them. Every
 * record carries `formatVersion`, so a record written by another version (or by something that
 * is not this app) is recognized on load instead of being misread.
 *
 * Keys are in-line (key paths), so a record always names its own key:
 *   files, fileIndex   [sessionId, path]
 *   checkpoints        [sessionId, checkpointId]
 *   sessions, registry sessionId
 * A compound key starting with sessionId sorts all of a session's records together, so "all
 * files of a session" is a key range on the primary key: no extra index to maintain.
 */
import type { StoredFileMeta } from '../engine/storage/remoteStorage';
import { digestBytes } from './bytesDigest';

/** The record format this version writes and reads. */
export const FORMAT_VERSION = 1;

/** A file's bytes with its description; kept apart from `FileIndexRecord` so listing is cheap. */
export interface FileRecord {
  formatVersion: typeof FORMAT_VERSION;
  sessionId: string;
  path: string;
  bytes: Uint8Array;
  size: number;
  /** `digestBytes(bytes)`, written in the same transaction as the bytes. */
  digest: string;
  meta: StoredFileMeta;
}

/** A file's description without its bytes: what listing and reconciling read. */
export interface FileIndexRecord {
  formatVersion: typeof FORMAT_VERSION;
  sessionId: string;
  path: string;
  size: number;
  digest: string;
  meta: StoredFileMeta;
}

/** Completed-checkpoint metadata as the engine gives it: opaque plain data. */
export interface CheckpointRecord {
  formatVersion: typeof FORMAT_VERSION;
  sessionId: string;
  checkpointId: number;
  meta: unknown;
  savedAtMs: number;
}

/** A session: the scenario and what the user did to it, enough to rebuild the timeline. */
export interface SessionRecord {
  formatVersion: typeof FORMAT_VERSION;
  sessionId: string;
  title: string;
  /** The scenario as JSON (the caller validates it with the engine's parser on load). */
  scenario: unknown;
  /** The timeline's interventions, as plain data. */
  interventions: unknown[];
  /** The last cursor position. */
  cursor: number;
  /** The app version that last saved it. */
  appVersion: string;
  createdAtMs: number;
  updatedAtMs: number;
}

/** An opaque plain-data snapshot of the shared state registry of a session. */
export interface RegistryRecord {
  formatVersion: typeof FORMAT_VERSION;
  sessionId: string;
  snapshot: unknown;
  savedAtMs: number;
}

/**
 * Bytes that own their whole buffer. Structured clone copies a view's entire underlying buffer,
 * so storing a 100-byte subarray of a 1 MB buffer would store 1 MB.
 */
export function ownBytes(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
}

/** A copy of the file meta with exactly its known fields (nothing extra gets persisted). */
export function copyMeta(m: StoredFileMeta): StoredFileMeta {
  return { scope: m.scope, kind: m.kind, task: m.task, checkpointId: m.checkpointId, writtenAtMs: m.writtenAtMs, sst: m.sst };
}

/** Whether two file metas are equal field by field. */
export function sameMeta(a: StoredFileMeta, b: StoredFileMeta): boolean {
  return a.scope === b.scope && a.kind === b.kind && a.task === b.task && a.checkpointId === b.checkpointId && a.writtenAtMs === b.writtenAtMs && a.sst === b.sst;
}

/** The two records (bytes, index entry) that store one file. */
export function fileRecordsOf(sessionId: string, path: string, bytes: Uint8Array, meta: StoredFileMeta): { file: FileRecord; index: FileIndexRecord } {
  const digest = digestBytes(bytes);
  const m = copyMeta(meta);
  return {
    file: { formatVersion: FORMAT_VERSION, sessionId, path, bytes: ownBytes(bytes), size: bytes.length, digest, meta: m },
    index: { formatVersion: FORMAT_VERSION, sessionId, path, size: bytes.length, digest, meta: m },
  };
}

/** Throws a TypeError for a session id the stores cannot key by (a programming error). */
export function checkSessionId(sessionId: string): void {
  if (typeof sessionId !== 'string' || sessionId.length === 0) throw new TypeError(`Persistence: session id must be a non-empty string, got ${JSON.stringify(sessionId)}`);
}

/** Throws a TypeError for a checkpoint id that is not a non-negative safe integer. */
export function checkCheckpointId(checkpointId: number): void {
  if (!Number.isSafeInteger(checkpointId) || checkpointId < 0) throw new TypeError(`Persistence: checkpoint id must be a non-negative integer, got ${String(checkpointId)}`);
}
