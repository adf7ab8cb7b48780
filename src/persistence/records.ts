/**
 * The shapes of the records in each object store, and the functions that build them. Every
 * record carries `formatVersion`, so a record written by another version (or by something that
 * is not this app) is recognized on load instead of being misread.
 *
 * Keys are in-line (key paths), so a record always names its own key:
 *   files              [sessionId, path]
 *   checkpoints        [sessionId, checkpointId]
 *   sessions, registry sessionId
 * A compound key starting with sessionId sorts all of a session's records together, so "all
 * files of a session" is a key range on the primary key.
 *
 * Listing files without loading their bytes uses the `byListing` index of `files`, whose key is
 * made of the record's own fields (FILE_LISTING_KEY_PATH): IndexedDB keeps it in step with the
 * records inside the same transaction, so one put per file stores both bytes and listing.
 */
import type { StoredFileMeta } from '../engine/storage/remoteStorage';
import { digestBytes } from './bytesDigest';

/** The record format of `checkpoints`, `sessions` and `registry` records (unchanged since version 1). */
export const FORMAT_VERSION = 1;

/**
 * The record format of `files` records. Version 1 kept the description twice (in the record and
 * in a `fileIndex` record); version 2 keeps it once, with the meta as JSON text so that all of it
 * can be part of an index key (migration 2 converts version-1 records).
 */
export const FILE_FORMAT_VERSION = 2;

/** A file's bytes with its description, one record per file. */
export interface FileRecord {
  formatVersion: typeof FILE_FORMAT_VERSION;
  sessionId: string;
  path: string;
  size: number;
  /** `digestBytes(bytes)`, written in the same record as the bytes. */
  digest: string;
  /**
   * `metaJsonOf(meta)`: the file description as JSON text, because an index key cannot hold an
   * object (nor the null of `sst`). It is the only copy of the description.
   */
  metaJson: string;
  bytes: Uint8Array;
}

/** A stored file without its bytes: what listing and reconciling read (from the index alone). */
export interface FileListing {
  path: string;
  size: number;
  digest: string;
  meta: StoredFileMeta;
}

/**
 * The key path of the `byListing` index of `files` (migration 2 creates it): everything listing needs, led by sessionId and path so that a
 * session is one key range of the index, in path order. A record that lacks one of these fields
 * (or holds something that is not a valid key there) is simply not in the index.
 */
export const FILE_LISTING_KEY_PATH = ['sessionId', 'path', 'formatVersion', 'size', 'digest', 'metaJson'] as const;

/** A `byListing` key: the values of FILE_LISTING_KEY_PATH, in that order. */
export type FileListingKey = [sessionId: string, path: string, formatVersion: number, size: number, digest: string, metaJson: string];

/** The fields a `byListing` key was made of, as an (unvalidated) record without bytes. */
export function listingFieldsOf(key: readonly unknown[]): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  FILE_LISTING_KEY_PATH.forEach((name, i) => (fields[name] = key[i]));
  return fields;
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

/**
 * The meta as stored (`metaJson`): its known fields in a fixed order. Throws a TypeError for a
 * number JSON cannot hold (NaN, ±Infinity would come back as null): a programming error.
 */
export function metaJsonOf(meta: StoredFileMeta): string {
  const m = copyMeta(meta);
  if (!Number.isFinite(m.checkpointId) || !Number.isFinite(m.writtenAtMs) || (m.sst !== null && !Number.isFinite(m.sst))) {
    throw new TypeError(`Persistence: file meta numbers must be finite, got checkpointId ${m.checkpointId}, writtenAtMs ${m.writtenAtMs}, sst ${m.sst}`);
  }
  return JSON.stringify(m);
}

/** The record that stores one file; `metaJson` is `metaJsonOf(meta)`, computed by the caller. */
export function fileRecordOf(sessionId: string, path: string, bytes: Uint8Array, metaJson: string): FileRecord {
  return { formatVersion: FILE_FORMAT_VERSION, sessionId, path, size: bytes.length, digest: digestBytes(bytes), metaJson, bytes: ownBytes(bytes) };
}

/** Throws a TypeError for a session id the stores cannot key by (a programming error). */
export function checkSessionId(sessionId: string): void {
  if (typeof sessionId !== 'string' || sessionId.length === 0) throw new TypeError(`Persistence: session id must be a non-empty string, got ${JSON.stringify(sessionId)}`);
}

/** Throws a TypeError for a checkpoint id that is not a non-negative safe integer. */
export function checkCheckpointId(checkpointId: number): void {
  if (!Number.isSafeInteger(checkpointId) || checkpointId < 0) throw new TypeError(`Persistence: checkpoint id must be a non-negative integer, got ${String(checkpointId)}`);
}
