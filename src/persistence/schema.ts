/**
 * The database layout as of the newest migration, for typing. The layout itself is created by
 * the migrations (migrations.ts), never from this file: a migration must keep meaning what it
 * meant when it shipped, whatever this type says later.
 */
import type { DBSchema } from 'idb';
import type { CheckpointRecord, FileListingKey, FileRecord, RegistryRecord, SessionRecord } from './records';
import type { LessonProgressRecord } from './lessonProgress';
import type { UserLessonRecord } from './userLessons';

/** The database name. One database per origin holds every session. */
export const DB_NAME = 'checkpoint-lab';

/** idb's typed view of the current layout. */
export interface CheckpointLabSchema extends DBSchema {
  files: { key: [string, string]; value: FileRecord; indexes: { byListing: FileListingKey } };
  checkpoints: { key: [string, number]; value: CheckpointRecord };
  sessions: { key: string; value: SessionRecord };
  registry: { key: string; value: RegistryRecord };
  lessonProgress: { key: string; value: LessonProgressRecord };
  userLessons: { key: string; value: UserLessonRecord };
}

/** The names of the object stores. */
export type StoreName = 'files' | 'checkpoints' | 'sessions' | 'registry' | 'lessonProgress' | 'userLessons';

/** Stores keyed by [sessionId, …]: a session's records form one key range. */
export type SessionRangeStore = 'files' | 'checkpoints';

/** Stores keyed by the session id alone. */
export type SessionKeyedStore = 'sessions' | 'registry';

/** Stores read whole (getAllEntries): the session-keyed ones, lesson progress and the user's lessons. */
export type ListedStore = SessionKeyedStore | 'lessonProgress' | 'userLessons';

/** Every store, e.g. for a transaction that deletes a whole session. */
export const STORE_NAMES: readonly StoreName[] = ['files', 'checkpoints', 'sessions', 'registry', 'lessonProgress', 'userLessons'];

/** The indexes, by store: keys start with sessionId, so a session's entries form one key range. */
export type IndexName = 'byListing';

/** Every index and its store (openPersistence checks they exist). */
export const INDEX_NAMES: readonly { store: SessionRangeStore; index: IndexName }[] = [{ store: 'files', index: 'byListing' }];
