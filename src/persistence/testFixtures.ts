/**
 * Test helpers for the persistence tests (never imported by app code: it pulls in
 * fake-indexeddb). Each test gets its own IDBFactory, so databases never leak between tests.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { openDB, type IDBPDatabase } from 'idb';
import type { StorageOp, StoredFile, StoredFileMeta } from '../engine/storage/remoteStorage';
import { openDatabase } from './db';
import { IdbRecordStore } from './idbRecordStore';
import { MemoryRecordStore } from './memoryRecordStore';
import { isPersistenceError, type PersistenceError } from './persistenceError';
import { DB_NAME } from './schema';
import { StorageMirror } from './storageMirror';

/** A fresh, empty IndexedDB (fake-indexeddb's factory). */
export function freshFactory(): IDBFactory {
  return new IDBFactory();
}

/** A deterministic clock that advances 1000 ms per call. */
export function testClock(start = 1_700_000_000_000): () => number {
  let t = start;
  return () => (t += 1000);
}

/** File meta for tests. */
export function meta(checkpointId = 1, over: Partial<StoredFileMeta> = {}): StoredFileMeta {
  return { scope: 'shared', kind: 'sst', task: 'map#0', checkpointId, writtenAtMs: checkpointId * 100, sst: 7, ...over };
}

/** Bytes 0..n-1 plus a seed, so different seeds give different content. */
export function bytesOf(n: number, seed = 0): Uint8Array {
  return Uint8Array.from({ length: n }, (_, i) => (i * 31 + seed) & 0xff);
}

/** A put op. */
export function put(path: string, bytes: Uint8Array, m: StoredFileMeta = meta()): StorageOp {
  return { op: 'put', path, bytes, meta: m };
}

/** A delete op. */
export function del(path: string): StorageOp {
  return { op: 'delete', path };
}

/** A model file. */
export function file(path: string, bytes: Uint8Array, m: StoredFileMeta = meta()): StoredFile {
  return { path, bytes, meta: m };
}

/** A mirror under test together with its backing factory (null for memory). */
export interface MirrorUnderTest {
  mirror: StorageMirror;
  factory: IDBFactory | null;
}

/** An IndexedDB mirror on a fresh factory. */
export async function idbMirror(): Promise<MirrorUnderTest> {
  const factory = freshFactory();
  const db = await openDatabase({ factory });
  return { mirror: new StorageMirror(new IdbRecordStore(db), { appVersion: 'test-1', now: testClock() }), factory };
}

/** An in-memory mirror. */
export async function memoryMirror(): Promise<MirrorUnderTest> {
  return { mirror: new StorageMirror(new MemoryRecordStore(), { appVersion: 'test-1', now: testClock() }), factory: null };
}

/** The two backends, for contract tests that must pass on both. */
export const BACKENDS: readonly [string, () => Promise<MirrorUnderTest>][] = [
  ['indexeddb', idbMirror],
  ['memory', memoryMirror],
];

/** A raw (unvalidated) connection to the test database, for planting damaged records. */
export function rawDb(factory: IDBFactory): Promise<IDBPDatabase> {
  // idb's openDB uses the global factory; point it at this test's one for the call.
  const saved = globalThis.indexedDB;
  globalThis.indexedDB = factory;
  try {
    return openDB(DB_NAME);
  } finally {
    globalThis.indexedDB = saved;
  }
}

/** The PersistenceError `p` rejects with; fails the test if it resolves or rejects otherwise. */
export async function rejection(p: Promise<unknown>): Promise<PersistenceError> {
  try {
    await p;
  } catch (e) {
    if (isPersistenceError(e)) return e;
    throw e;
  }
  throw new Error('expected a PersistenceError, got success');
}
