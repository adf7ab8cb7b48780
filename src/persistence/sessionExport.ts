/**
 * Export and import of one session as plain JSON (bytes as base64), so a user can keep their
 * work before a reset, or move it to another browser. The export is read in one transaction (a
 * consistent snapshot) and fully validated; the import checks every file's size and digest and
 * writes everything in one transaction, replacing what the session had.
 */
import type { StoredFileMeta } from '../engine/storage/remoteStorage';
import { base64ToBytes, bytesToBase64 } from './base64';
import { digestBytes } from './bytesDigest';
import { fromJsonSafe, toJsonSafe, type Json } from './jsonSafe';
import { PersistenceError } from './persistenceError';
import type { RecordStore } from './recordStore';
import { FORMAT_VERSION, checkSessionId, fileRecordOf, metaJsonOf, type CheckpointRecord, type RegistryRecord, type SessionRecord } from './records';
import { STORE_NAMES } from './schema';
import type { SessionSummary } from './sessions';
import { parseCheckpointRecord, parseExportedFile, parseFileRecord, parseRegistryRecord, parseSessionRecord } from './validateRecord';

/** Identifies the export format. */
export const SESSION_EXPORT_FORMAT = 'checkpoint-lab/session-export';

/**
 * The version of the export format, which is its own: it did not change when the `files`
 * records did (file format 2), so exports made by earlier versions still import, and the other way round.
 */
export const SESSION_EXPORT_VERSION = 1;

/** One session as JSON-able data. */
export interface SessionExport {
  format: typeof SESSION_EXPORT_FORMAT;
  formatVersion: typeof SESSION_EXPORT_VERSION;
  exportedAtMs: number;
  /** The app version that made the export. */
  exportedBy: string;
  session: { sessionId: string; title: string; appVersion: string; createdAtMs: number; updatedAtMs: number; cursor: number; scenario: Json; interventions: Json[] };
  files: { path: string; size: number; digest: string; meta: StoredFileMeta; bytes: string }[];
  checkpoints: { checkpointId: number; savedAtMs: number; meta: Json }[];
  registry: { savedAtMs: number; snapshot: Json } | null;
}

const anything = (x: unknown): unknown => x;

/** Reads a session and everything under it as a SessionExport. */
export async function exportSession(store: RecordStore, sessionId: string, appVersion: string, now: () => number): Promise<SessionExport> {
  checkSessionId(sessionId);
  const operation = `exporting session "${sessionId}"`;
  const raw = await store.transact(STORE_NAMES, 'readonly', operation, (tx) =>
    Promise.all([tx.get('sessions', sessionId), tx.getSessionEntries('files', sessionId), tx.getSessionEntries('checkpoints', sessionId), tx.get('registry', sessionId)]),
  );
  const [sessionValue, fileEntries, checkpointEntries, registryValue] = raw;
  if (sessionValue === undefined) {
    throw new PersistenceError({ kind: 'not-found', operation, store: 'sessions', key: JSON.stringify(sessionId), recovery: [], message: `There is no saved session "${sessionId}" to export: it was deleted, or never saved.` });
  }
  const s = parseSessionRecord(sessionValue, sessionId, { store: 'sessions', key: sessionId, operation });
  const files = fileEntries.map(({ key, value }) => {
    const path = (key as readonly [string, string])[1];
    const f = parseFileRecord(value, sessionId, path, { store: 'files', key, operation }, digestBytes);
    return { path, size: f.size, digest: f.digest, meta: f.meta, bytes: bytesToBase64(f.bytes) };
  });
  const checkpoints = checkpointEntries.map(({ key, value }) => {
    const c = parseCheckpointRecord(value, sessionId, (key as readonly [string, number])[1], { store: 'checkpoints', key, operation }, anything);
    return { checkpointId: c.checkpointId, savedAtMs: c.savedAtMs, meta: toJsonSafe(c.meta) };
  });
  const registry = registryValue === undefined ? null : parseRegistryRecord(registryValue, sessionId, { store: 'registry', key: sessionId, operation }, anything);
  return {
    format: SESSION_EXPORT_FORMAT,
    formatVersion: SESSION_EXPORT_VERSION,
    exportedAtMs: now(),
    exportedBy: appVersion,
    session: { sessionId, title: s.title, appVersion: s.appVersion, createdAtMs: s.createdAtMs, updatedAtMs: s.updatedAtMs, cursor: s.cursor, scenario: toJsonSafe(s.scenario), interventions: s.interventions.map((x) => toJsonSafe(x)) },
    files,
    checkpoints,
    registry: registry === null ? null : { savedAtMs: registry.savedAtMs, snapshot: toJsonSafe(registry.snapshot) },
  };
}

function invalid(where: string, problem: string, cause?: unknown): never {
  throw new PersistenceError({
    kind: 'corrupt',
    operation: 'importing a session',
    store: 'export',
    key: where,
    recovery: [],
    cause,
    message: `This is not a valid Checkpoint Lab session export: ${where} ${problem}. Nothing was imported. Choose another file, or export the session again.`,
  });
}

function obj(x: unknown, where: string): Record<string, unknown> {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) invalid(where, 'is not an object');
  return x as Record<string, unknown>;
}

function field<T>(o: Record<string, unknown>, name: string, where: string, ok: (v: unknown) => boolean, what: string): T {
  if (!ok(o[name])) invalid(`${where}.${name}`, `is not ${what}`);
  return o[name] as T;
}

const isStr = (v: unknown): boolean => typeof v === 'string';
const isNum = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v);
const isInt = (v: unknown): boolean => Number.isSafeInteger(v) && (v as number) >= 0;

function decode(x: unknown, where: string): unknown {
  try {
    return fromJsonSafe(x);
  } catch (e) {
    return invalid(where, `cannot be decoded (${e instanceof Error ? e.message : String(e)})`, e);
  }
}

/**
 * Imports a SessionExport (e.g. parsed from a file the user picked), replacing the session with
 * the same id, or stored under `asSessionId` when given. Nothing is written unless all of it is valid.
 */
export async function importSession(store: RecordStore, data: unknown, asSessionId?: string): Promise<SessionSummary> {
  const root = obj(data, 'the file');
  if (root.format !== SESSION_EXPORT_FORMAT) invalid('the file', `has format ${JSON.stringify(root.format)} instead of "${SESSION_EXPORT_FORMAT}"`);
  if (root.formatVersion !== SESSION_EXPORT_VERSION) invalid('the file', `has formatVersion ${JSON.stringify(root.formatVersion)}; this version reads ${SESSION_EXPORT_VERSION} (it may come from a newer Checkpoint Lab)`);
  const s = obj(root.session, 'session');
  const sessionId = asSessionId ?? field<string>(s, 'sessionId', 'session', (v) => isStr(v) && (v as string).length > 0, 'a non-empty text');
  checkSessionId(sessionId);
  const interventions = field<unknown[]>(s, 'interventions', 'session', Array.isArray, 'a list');
  const sessionRecord: SessionRecord = {
    formatVersion: FORMAT_VERSION,
    sessionId,
    title: field(s, 'title', 'session', isStr, 'a text'),
    scenario: decode(s.scenario, 'session.scenario'),
    interventions: interventions.map((x, i) => decode(x, `session.interventions[${i}]`)),
    cursor: field(s, 'cursor', 'session', isInt, 'a non-negative integer'),
    appVersion: field(s, 'appVersion', 'session', isStr, 'a text'),
    createdAtMs: field(s, 'createdAtMs', 'session', isNum, 'a number'),
    updatedAtMs: field(s, 'updatedAtMs', 'session', isNum, 'a number'),
  };
  const files = field<unknown[]>(root, 'files', 'the file', Array.isArray, 'a list').map((x, i) => {
    const where = `files[${i}]`;
    const f = obj(x, where);
    const path = field<string>(f, 'path', where, isStr, 'a text');
    let bytes: Uint8Array;
    try {
      bytes = base64ToBytes(field<string>(f, 'bytes', where, isStr, 'base64 text'));
    } catch (e) {
      return invalid(`${where}.bytes`, 'is not valid base64', e);
    }
    const described = parseExportedFile(f, {
      store: 'export',
      key: where,
      operation: 'importing a session',
      fail: (problem, cause) => invalid(`${where} (${path})`, problem, cause),
    });
    if (bytes.length !== described.size || digestBytes(bytes) !== described.digest) invalid(where, `(${path}) has bytes that do not match its size and digest`);
    let metaJson: string;
    try {
      metaJson = metaJsonOf(described.meta);
    } catch (e) {
      return invalid(`${where} (${path})`, 'has a file description with a number that is not finite', e);
    }
    return fileRecordOf(sessionId, path, bytes, metaJson);
  });
  const checkpoints: CheckpointRecord[] = field<unknown[]>(root, 'checkpoints', 'the file', Array.isArray, 'a list').map((x, i) => {
    const c = obj(x, `checkpoints[${i}]`);
    return {
      formatVersion: FORMAT_VERSION,
      sessionId,
      checkpointId: field(c, 'checkpointId', `checkpoints[${i}]`, isInt, 'a non-negative integer'),
      savedAtMs: field(c, 'savedAtMs', `checkpoints[${i}]`, isNum, 'a number'),
      meta: decode(c.meta, `checkpoints[${i}].meta`),
    };
  });
  let registry: RegistryRecord | null = null;
  if (root.registry !== null && root.registry !== undefined) {
    const r = obj(root.registry, 'registry');
    registry = { formatVersion: FORMAT_VERSION, sessionId, savedAtMs: field(r, 'savedAtMs', 'registry', isNum, 'a number'), snapshot: decode(r.snapshot, 'registry.snapshot') };
  }
  await store.transact(STORE_NAMES, 'readwrite', `importing session "${sessionRecord.title}" (${sessionId})`, async (tx) => {
    await Promise.all([tx.deleteSession('files', sessionId), tx.deleteSession('checkpoints', sessionId), tx.delete('registry', sessionId)]);
    await Promise.all([
      tx.put('sessions', sessionRecord),
      ...files.map((f) => tx.put('files', f)),
      ...checkpoints.map((c) => tx.put('checkpoints', c)),
      ...(registry ? [tx.put('registry', registry)] : []),
    ]);
  });
  const { sessionId: id, title, appVersion, createdAtMs, updatedAtMs, cursor } = sessionRecord;
  return { sessionId: id, title, appVersion, createdAtMs, updatedAtMs, cursor, interventionCount: sessionRecord.interventions.length };
}
