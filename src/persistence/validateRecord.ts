/**
 * Validation of records read back from storage. Nothing read from IndexedDB is trusted: another
 * version of the app, a browser extension or a disk fault may have put anything there. Each
 * parser returns a typed record or throws a `corrupt` PersistenceError naming store and key.
 */
import type { StorageScope, StoredFileKind, StoredFileMeta } from '../engine/storage/remoteStorage';
import { corruptRecord } from './persistenceError';
import { FILE_FORMAT_VERSION, FORMAT_VERSION, type CheckpointRecord, type FileListing, type RegistryRecord, type SessionRecord } from './records';

/**
 * A caller-supplied check for opaque data (checkpoint metadata, registry snapshots, scenarios):
 * returns the typed value or throws with a message saying what is wrong (a valibot schema's
 * `(x) => v.parse(schema, x)` fits).
 */
export type Validator<T> = (value: unknown) => T;

// `satisfies Record<Union, true>` makes the compiler demand an update when the engine adds a scope or kind.
const SCOPES = { exclusive: true, shared: true, taskowned: true, savepoint: true } satisfies Record<StorageScope, true>;
const KINDS = { sst: true, dstl: true, private: true, metadata: true, channel: true, full: true } satisfies Record<StoredFileKind, true>;

type Obj = Record<string, unknown>;

/** Where a record came from, for the error message. */
export interface RecordSource {
  store: string;
  key: unknown;
  operation: string;
  /** Reports a problem differently (an import reports on the file, not on a store). */
  fail?: (problem: string, cause?: unknown) => never;
}

function fail(src: RecordSource, problem: string, cause?: unknown): never {
  if (src.fail) src.fail(problem, cause);
  throw corruptRecord(src.store, src.key, problem, src.operation, cause);
}

function envelope(value: unknown, src: RecordSource, formatVersion: number = FORMAT_VERSION): Obj {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(src, `is not an object (found ${value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value})`);
  const o = value as Obj;
  if (!('formatVersion' in o)) fail(src, 'has no formatVersion (it was not written by Checkpoint Lab)');
  if (o.formatVersion !== formatVersion) fail(src, `has formatVersion ${JSON.stringify(o.formatVersion)}, but this version reads only ${formatVersion}`);
  return o;
}

function str(o: Obj, field: string, src: RecordSource): string {
  const v = o[field];
  if (typeof v !== 'string') fail(src, `has no text field "${field}"`);
  return v;
}

function num(o: Obj, field: string, src: RecordSource, integer = false): number {
  const v = o[field];
  if (typeof v !== 'number' || !Number.isFinite(v) || (integer && !Number.isSafeInteger(v))) fail(src, `has no ${integer ? 'integer' : 'numeric'} field "${field}"`);
  return v;
}

function present(o: Obj, field: string, src: RecordSource): unknown {
  if (!(field in o) || o[field] === undefined) fail(src, `has no field "${field}"`);
  return o[field];
}

function sameSession(o: Obj, sessionId: string, src: RecordSource): void {
  if (o.sessionId !== sessionId) fail(src, `belongs to session ${JSON.stringify(o.sessionId)}, not to the session of its key`);
}

function fileMeta(m: unknown, field: string, src: RecordSource): StoredFileMeta {
  if (typeof m !== 'object' || m === null || Array.isArray(m)) fail(src, `has no file description ("${field}")`);
  const x = m as Obj;
  if (typeof x.scope !== 'string' || !Object.hasOwn(SCOPES, x.scope)) fail(src, `has an unknown file scope ${JSON.stringify(x.scope)}`);
  if (typeof x.kind !== 'string' || !Object.hasOwn(KINDS, x.kind)) fail(src, `has an unknown file kind ${JSON.stringify(x.kind)}`);
  if (typeof x.task !== 'string') fail(src, 'has no task in its file description');
  if (typeof x.checkpointId !== 'number' || typeof x.writtenAtMs !== 'number') fail(src, 'has no checkpoint id or write time in its file description');
  if (x.sst !== null && typeof x.sst !== 'number') fail(src, 'has an SST number that is neither a number nor null');
  return { scope: x.scope as StorageScope, kind: x.kind as StoredFileKind, task: x.task, checkpointId: x.checkpointId, writtenAtMs: x.writtenAtMs, sst: x.sst as number | null };
}

/** Size and digest of a file description (a record, an index key's fields, an export entry). */
function sizeAndDigest(o: Obj, src: RecordSource): { size: number; digest: string } {
  return { size: num(o, 'size', src, true), digest: str(o, 'digest', src) };
}

/**
 * Parses what a `files` record (format 2) says about its file, from the record itself or from
 * the fields of its `byListing` key (`listingFieldsOf`): the same checks either way.
 */
export function parseFileListing(value: unknown, sessionId: string, path: string, src: RecordSource): FileListing {
  const o = envelope(value, src, FILE_FORMAT_VERSION);
  sameSession(o, sessionId, src);
  if (o.path !== path) fail(src, `names path ${JSON.stringify(o.path)}, not the path of its key`);
  const { size, digest } = sizeAndDigest(o, src);
  const json = str(o, 'metaJson', src);
  let m: unknown;
  try {
    m = JSON.parse(json);
  } catch (e) {
    fail(src, 'has a file description ("metaJson") that is not JSON', e);
  }
  return { path, size, digest, meta: fileMeta(m, 'metaJson', src) };
}

/** Parses a `files` record stored under [sessionId, path]; checks the bytes against size and digest. */
export function parseFileRecord(value: unknown, sessionId: string, path: string, src: RecordSource, digestOf: ((b: Uint8Array) => string) | null): FileListing & { bytes: Uint8Array } {
  const listing = parseFileListing(value, sessionId, path, src);
  const bytes = (value as Obj).bytes;
  if (!(bytes instanceof Uint8Array)) fail(src, `holds no bytes (found ${bytes === null ? 'null' : typeof bytes === 'object' ? Object.prototype.toString.call(bytes) : typeof bytes} instead of a Uint8Array)`);
  if (bytes.length !== listing.size) fail(src, `holds ${bytes.length} bytes but says it holds ${listing.size}`);
  if (digestOf !== null && digestOf(bytes) !== listing.digest) fail(src, 'holds bytes that do not match their digest (they were changed or damaged after writing)');
  return { ...listing, bytes };
}

/** Parses the description of a file in a session export (`meta` as an object there), without its path and bytes. */
export function parseExportedFile(value: Obj, src: RecordSource): Omit<FileListing, 'path'> {
  return { ...sizeAndDigest(value, src), meta: fileMeta(value.meta, 'meta', src) };
}

/** Parses a `checkpoints` record, then checks its metadata with the caller's validator. */
export function parseCheckpointRecord<T>(value: unknown, sessionId: string, checkpointId: number, src: RecordSource, validate: Validator<T>): CheckpointRecord & { meta: T } {
  const o = envelope(value, src);
  sameSession(o, sessionId, src);
  if (o.checkpointId !== checkpointId) fail(src, `names checkpoint ${JSON.stringify(o.checkpointId)}, not the checkpoint of its key`);
  const savedAtMs = num(o, 'savedAtMs', src);
  return { formatVersion: FORMAT_VERSION, sessionId, checkpointId, savedAtMs, meta: check(present(o, 'meta', src), validate, 'checkpoint metadata', src) };
}

/** Parses a `registry` record, then checks its snapshot with the caller's validator. */
export function parseRegistryRecord<T>(value: unknown, sessionId: string, src: RecordSource, validate: Validator<T>): RegistryRecord & { snapshot: T } {
  const o = envelope(value, src);
  sameSession(o, sessionId, src);
  const savedAtMs = num(o, 'savedAtMs', src);
  return { formatVersion: FORMAT_VERSION, sessionId, savedAtMs, snapshot: check(present(o, 'snapshot', src), validate, 'registry snapshot', src) };
}

/** Parses a `sessions` record (the envelope; scenario and interventions are checked by `check`). */
export function parseSessionRecord(value: unknown, sessionId: string, src: RecordSource): SessionRecord {
  const o = envelope(value, src);
  sameSession(o, sessionId, src);
  const interventions = o.interventions;
  if (!Array.isArray(interventions)) fail(src, 'has no list of interventions');
  const cursor = num(o, 'cursor', src, true);
  if (cursor < 0) fail(src, `has a negative cursor (${cursor})`);
  return {
    formatVersion: FORMAT_VERSION,
    sessionId,
    title: str(o, 'title', src),
    scenario: present(o, 'scenario', src),
    interventions: interventions as unknown[],
    cursor,
    appVersion: str(o, 'appVersion', src),
    createdAtMs: num(o, 'createdAtMs', src),
    updatedAtMs: num(o, 'updatedAtMs', src),
  };
}

/** Runs a caller's validator; its complaint becomes a `corrupt` error naming store and key. */
export function check<T>(value: unknown, validate: Validator<T>, what: string, src: RecordSource): T {
  try {
    return validate(value);
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    return fail(src, `holds ${what} that does not pass its check (${why.length > 300 ? `${why.slice(0, 300)}…` : why})`, e);
  }
}
