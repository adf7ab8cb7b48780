/**
 * The storage mirror: the engine's remote checkpoint storage kept in IndexedDB (or in memory when
 * IndexedDB is unavailable), plus the sessions it belongs to. This class is the app's whole
 * persistence API; it delegates to one module per concern, all written against RecordStore, so
 * the durable and the in-memory mirror run the same code.
 *
 * Every method is one transaction: either all of it is stored or none of it. Failures reject
 * with a PersistenceError (`kind`, a user-facing `message`, `recovery`).
 */
import * as lessonProgress from './lessonProgress';
import type { LessonProgressRecord } from './lessonProgress';
import * as userLessons from './userLessons';
import type { DamagedUserLesson, UserLessonRecord } from './userLessons';
import type { StorageOp, StoredFile } from '../engine/storage/remoteStorage';
import * as checkpointMeta from './checkpointMeta';
import type { CheckpointEntry, RegistryEntry } from './checkpointMeta';
import * as fileMirror from './fileMirror';
import type { ApplyOpsResult, FileListing, ReconcileOptions, ReconcileResult } from './fileMirror';
import type { RecordStore } from './recordStore';
import * as sessionExport from './sessionExport';
import type { SessionExport } from './sessionExport';
import * as sessions from './sessions';
import type { SessionData, SessionInput, SessionListing, SessionSummary, SessionValidators } from './sessions';
import type { Validator } from './validateRecord';

/** Settings of a mirror. */
export interface StorageMirrorOptions {
  /** Recorded in sessions and exports. Default `unknown`. */
  appVersion?: string;
  /** Wall clock for created/updated/saved times (injectable for tests). Default Date.now. */
  now?: () => number;
}

/** The persistence API: checkpoint files, checkpoint metadata, registry snapshots and sessions. */
export class StorageMirror {
  private readonly appVersion: string;
  private readonly now: () => number;

  constructor(
    private readonly store: RecordStore,
    options: StorageMirrorOptions = {},
  ) {
    this.appVersion = options.appVersion ?? 'unknown';
    this.now = options.now ?? Date.now;
  }

  /** True when data survives a reload (IndexedDB); false for the in-memory fallback. */
  get durable(): boolean {
    return this.store.durable;
  }

  /**
   * Applies storage ops (an engine step's outbox, or several steps' outboxes concatenated) in
   * order, in one transaction. On failure (e.g. `quota`) none of the batch is stored and
   * everything stored before is intact: the caller can keep the ops and retry, or reconcile.
   */
  applyOps(sessionId: string, ops: readonly StorageOp[]): Promise<ApplyOpsResult> {
    return fileMirror.applyOps(this.store, sessionId, ops);
  }

  /**
   * Makes the stored files equal `files` (the engine's `RemoteStorageState.files` after a seek
   * or branch) in one transaction, optionally also the checkpoint metadata. Returns counts.
   */
  reconcile(sessionId: string, files: Readonly<Record<string, StoredFile>>, options: ReconcileOptions = {}): Promise<ReconcileResult> {
    return fileMirror.reconcile(this.store, sessionId, files, options, this.now);
  }

  /** One file's bytes; `not-found` names the path when it is not stored. */
  async readFile(sessionId: string, path: string): Promise<Uint8Array> {
    const files = await fileMirror.readFiles(this.store, sessionId, [path]);
    // readFiles has thrown `not-found` unless the path is there.
    return files.get(path)!;
  }

  /** Several files' bytes in one transaction, by path; `not-found` names every missing path. */
  readFiles(sessionId: string, paths: readonly string[], options?: fileMirror.ReadFilesOptions): Promise<Map<string, Uint8Array>> {
    return fileMirror.readFiles(this.store, sessionId, paths, options);
  }

  /** The session's files (path, size, digest, meta) in path order, without loading bytes. */
  listFiles(sessionId: string): Promise<FileListing[]> {
    return fileMirror.listFiles(this.store, sessionId);
  }

  /** Stores (or replaces) a completed checkpoint's metadata (plain data). */
  putCheckpointMeta(sessionId: string, checkpointId: number, meta: unknown): Promise<void> {
    return checkpointMeta.putCheckpointMeta(this.store, sessionId, { checkpointId, meta }, this.now);
  }

  /** A checkpoint's metadata checked by `validate`, or undefined if none is stored. */
  getCheckpointMeta<T>(sessionId: string, checkpointId: number, validate: Validator<T>): Promise<CheckpointEntry<T> | undefined> {
    return checkpointMeta.getCheckpointMeta(this.store, sessionId, checkpointId, validate);
  }

  /** Deletes a checkpoint's metadata (subsumed, discarded); false if none was stored. */
  deleteCheckpointMeta(sessionId: string, checkpointId: number): Promise<boolean> {
    return checkpointMeta.deleteCheckpointMeta(this.store, sessionId, checkpointId);
  }

  /** Every stored checkpoint of a session by ascending id, each checked by `validate`. */
  listCompletedCheckpoints<T>(sessionId: string, validate: Validator<T>): Promise<CheckpointEntry<T>[]> {
    return checkpointMeta.listCompletedCheckpoints(this.store, sessionId, validate);
  }

  /** Stores (or replaces) the session's shared state registry snapshot (plain data). */
  putRegistry(sessionId: string, snapshot: unknown): Promise<void> {
    return checkpointMeta.putRegistry(this.store, sessionId, snapshot, this.now);
  }

  /** The session's registry snapshot checked by `validate`, or undefined if none is stored. */
  getRegistry<T>(sessionId: string, validate: Validator<T>): Promise<RegistryEntry<T> | undefined> {
    return checkpointMeta.getRegistry(this.store, sessionId, validate);
  }

  /** Creates or updates a session record (keeps its creation time). Debounce cursor-only saves. */
  saveSession(input: SessionInput): Promise<SessionSummary> {
    return sessions.saveSession(this.store, input, this.appVersion, this.now);
  }

  /** A session with its scenario and interventions (checked by `validators` when given), or undefined. */
  loadSession<S = unknown, I = unknown>(sessionId: string, validators?: SessionValidators<S, I>): Promise<SessionData<S, I> | undefined> {
    return sessions.loadSession(this.store, sessionId, validators);
  }

  /** Sessions, most recently updated first, plus one `corrupt` error per unreadable record. */
  listSessions(): Promise<SessionListing> {
    return sessions.listSessions(this.store);
  }

  /** Deletes a session and all its files, checkpoints and registry in one transaction. */
  deleteSession(sessionId: string): Promise<boolean> {
    return sessions.deleteSession(this.store, sessionId);
  }

  /** The session and everything under it as JSON-able data (bytes as base64). */
  exportSession(sessionId: string): Promise<SessionExport> {
    return sessionExport.exportSession(this.store, sessionId, this.appVersion, this.now);
  }

  /** Imports an export (replacing the session with its id, or stored as `asSessionId`); all or nothing. */
  importSession(data: unknown, asSessionId?: string): Promise<SessionSummary> {
    return sessionExport.importSession(this.store, data, asSessionId);
  }

  /** Stores (or replaces) a lesson's progress record. */
  saveLessonProgress(record: LessonProgressRecord): Promise<void> {
    return lessonProgress.putLessonProgress(this.store, record);
  }

  /** Every sound lesson progress record (damaged ones are skipped). */
  listLessonProgress(): Promise<LessonProgressRecord[]> {
    return lessonProgress.listLessonProgress(this.store);
  }

  /** Stores (or replaces) a lesson the user saved or imported. */
  saveUserLesson(record: UserLessonRecord): Promise<void> {
    return userLessons.putUserLesson(this.store, record);
  }

  deleteUserLesson(id: string): Promise<void> {
    return userLessons.deleteUserLesson(this.store, id);
  }

  /** The user's stored lessons, and the damaged records with what is wrong. */
  listUserLessons(): Promise<{ records: UserLessonRecord[]; damaged: DamagedUserLesson[] }> {
    return userLessons.listUserLessons(this.store);
  }

  /** Closes the connection; later calls fail with `unavailable`. */
  close(): void {
    this.store.close();
  }
}
