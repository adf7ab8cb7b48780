/**
 * The persistence layer's import surface: the only part of the app that talks to IndexedDB
 * (through `idb`). Nothing exported here exposes idb types.
 */
export { openPersistence, type OpenPersistenceOptions, type OpenedPersistence } from './openPersistence';
export { StorageMirror, type StorageMirrorOptions } from './storageMirror';
export { PersistenceError, isPersistenceError, type PersistenceErrorKind, type PersistenceRecovery } from './persistenceError';
export { resetDatabase, type ResetDatabaseOptions } from './resetDatabase';
export { exportRawDatabase, RAW_EXPORT_FORMAT, type ExportRawDatabaseOptions, type RawDatabaseExport } from './exportRawDatabase';
export { SESSION_EXPORT_FORMAT, SESSION_EXPORT_VERSION, type SessionExport } from './sessionExport';
export type { ApplyOpsResult, FileListing, ReconcileOptions, ReconcileResult, ReadFilesOptions } from './fileMirror';
export { RESTORE_READ_OPTIONS } from './fileMirror';
export type { CheckpointEntry, CheckpointInput, RegistryEntry } from './checkpointMeta';
export type { SessionData, SessionInput, SessionListing, SessionSummary, SessionValidators } from './sessions';
export type { Validator } from './validateRecord';
export type { Json } from './jsonSafe';
export { DB_NAME } from './schema';
export { FILE_FORMAT_VERSION, FORMAT_VERSION } from './records';
export type { LessonProgressRecord } from './lessonProgress';
export type { DamagedUserLesson, UserLessonRecord } from './userLessons';
