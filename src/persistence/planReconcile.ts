/**
 * What reconciling has to do, as a pure function: given the files the engine's model holds and
 * what storage holds, which paths to delete, add and replace. Kept apart from the I/O so the
 * decision is easy to read and test, and identical for IndexedDB and memory.
 */
import type { StoredFileMeta } from '../engine/storage/remoteStorage';
import { sameMeta } from './records';

/** A file as it should be: what the model holds. */
export interface DesiredFile {
  size: number;
  digest: string;
  meta: StoredFileMeta;
}

/** What storage holds for a path, from its `byListing` index entry; `corrupt` when that did not parse. */
export type IndexedState = DesiredFile | 'corrupt';

/** Storage as read inside the reconciling transaction. */
export interface StoredState {
  /** Listings by path (a record too damaged to be indexed has none). */
  index: ReadonlyMap<string, IndexedState>;
  /** Paths that have a `files` record, listed or not. */
  filePaths: ReadonlySet<string>;
  /** When verifying bytes: the digest of the stored bytes by path (`corrupt` if unreadable). */
  byteDigests?: ReadonlyMap<string, string | 'corrupt'>;
}

/** The changes that make storage equal the model. */
export interface ReconcilePlan {
  /** Stored but not in the model. */
  remove: string[];
  /** In the model, not stored at all. */
  add: string[];
  /** Stored, but different or damaged (including a record without a listing). */
  replace: string[];
  unchanged: number;
}

/** Plans the reconcile of `stored` to `desired`. Output lists are sorted (deterministic). */
export function planReconcile(desired: ReadonlyMap<string, DesiredFile>, stored: StoredState): ReconcilePlan {
  const remove = new Set<string>();
  for (const p of stored.index.keys()) if (!desired.has(p)) remove.add(p);
  for (const p of stored.filePaths) if (!desired.has(p)) remove.add(p);
  const add: string[] = [];
  const replace: string[] = [];
  let unchanged = 0;
  for (const [path, want] of desired) {
    const indexed = stored.index.get(path);
    const hasBytes = stored.filePaths.has(path);
    if (indexed === undefined && !hasBytes) {
      add.push(path);
      continue;
    }
    const same =
      indexed !== undefined &&
      indexed !== 'corrupt' &&
      hasBytes &&
      indexed.size === want.size &&
      indexed.digest === want.digest &&
      sameMeta(indexed.meta, want.meta) &&
      (stored.byteDigests === undefined || stored.byteDigests.get(path) === want.digest);
    if (same) unchanged++;
    else replace.push(path);
  }
  return { remove: [...remove].sort(), add: add.sort(), replace: replace.sort(), unchanged };
}
