import type { Plain } from '../core/plainData';
import { AbstractHeapState } from './abstractHeapState';
import { stateMapGet } from './copyOnWriteStateMap';
import type { InternalMapState, MapStateEntry } from './keyedStateApi';
import { checkStateKey, decodeStateKeyId, stateKeyId, type MapUserKey } from './stateKeyIds';

/** The stored form of one user map: user-key id → user value (insertion-ordered). */
export type UserMap = { [userKeyId: string]: Plain };

function isEmptyObject(o: object): boolean {
  for (const _ in o) return false;
  return true;
}

/**
 * Flink's `HeapMapState`: a user map per (key, namespace), stored as one state object. Unlike
 * RocksDB (one entry per user key), a heap snapshot copies the whole user map when it is
 * written while a snapshot holds it.
 */
export class HeapMapState<UK extends MapUserKey = MapUserKey, UV extends Plain = Plain>
  extends AbstractHeapState
  implements InternalMapState<UK, UV>
{
  private userMap(): UserMap | null {
    return this.getCurrent() as UserMap | null;
  }

  private userMapForWrite(): UserMap {
    const m = this.userMap();
    if (m !== null) return m;
    const created: UserMap = {};
    this.putCurrent(created);
    return created;
  }

  private checkUserKey(method: string, key: unknown): string {
    return stateKeyId(
      checkStateKey(key, `MapState '${this.table.descriptor.name}'.${method}: user key`),
    );
  }

  private checkUserValue(method: string, value: unknown): void {
    if (value === null || value === undefined) {
      throw new TypeError(
        `MapState '${this.table.descriptor.name}'.${method}: user value must not be null (use remove)`,
      );
    }
  }

  get(key: UK): UV | null {
    const id = this.checkUserKey('get', key);
    const m = this.userMap();
    if (m === null) return null;
    const v = m[id];
    return v === undefined ? null : (v as UV);
  }

  put(key: UK, value: UV): void {
    const id = this.checkUserKey('put', key);
    this.checkUserValue('put', value);
    this.userMapForWrite()[id] = value;
  }

  putAll(entries: ReadonlyArray<readonly [UK, UV]>): void {
    if (!Array.isArray(entries)) {
      throw new TypeError(
        `MapState '${this.table.descriptor.name}'.putAll: entries must be an array of [key, value], got ${JSON.stringify(entries)}`,
      );
    }
    const ids = entries.map(([k, v], i) => {
      this.checkUserValue(`putAll (entries[${i}])`, v);
      return this.checkUserKey(`putAll (entries[${i}])`, k);
    });
    // Flink creates the (possibly empty) user map even for an empty putAll.
    const m = this.userMapForWrite();
    for (let i = 0; i < ids.length; i++) m[ids[i]!] = entries[i]![1];
  }

  remove(key: UK): void {
    const id = this.checkUserKey('remove', key);
    const m = this.userMap();
    if (m === null) return;
    delete m[id];
    if (isEmptyObject(m)) this.clear();
  }

  contains(key: UK): boolean {
    const id = this.checkUserKey('contains', key);
    const m = this.userMap();
    return m !== null && m[id] !== undefined;
  }

  entries(): Array<[UK, UV]> {
    const m = this.userMap();
    if (m === null) return [];
    return Object.keys(m).map((id) => [decodeStateKeyId(id) as UK, m[id] as UV]);
  }

  keys(): UK[] {
    const m = this.userMap();
    return m === null ? [] : Object.keys(m).map((id) => decodeStateKeyId(id) as UK);
  }

  values(): UV[] {
    const m = this.userMap();
    return m === null ? [] : (Object.values(m) as UV[]);
  }

  isEmpty(): boolean {
    const m = this.userMap();
    return m === null || isEmptyObject(m);
  }

  /**
   * Iterates the user keys present when iteration starts (skipping ones removed meanwhile).
   * Like Flink's iterator over the user map it stays bound to the key and namespace current at
   * creation; each access goes through the table, so copy-on-write still protects snapshots.
   * Removing the last entry through the iterator leaves an empty map (Flink does the same).
   */
  iterator(): Generator<MapStateEntry<UK, UV>, void, undefined> {
    const t = this.table;
    const map = this.currentMap();
    const nsId = t.currentNamespaceId;
    const key = this.currentKey();
    const hash = this.currentHash();
    const live = (): UserMap | null => stateMapGet(t, map, hash, key, nsId) as UserMap | null;
    const start = live();
    return this.iterate(t.descriptor.name, live, start === null ? [] : Object.keys(start));
  }

  private *iterate(
    name: string,
    live: () => UserMap | null,
    userKeyIds: readonly string[],
  ): Generator<MapStateEntry<UK, UV>, void, undefined> {
    for (const uid of userKeyIds) {
      const current = live();
      if (current === null || current[uid] === undefined) continue;
      const checkUserValue = (v: unknown): void => this.checkUserValue('iterator().setValue', v);
      yield {
        key: decodeStateKeyId(uid) as UK,
        get value(): UV {
          const m = live();
          const v = m === null ? undefined : m[uid];
          if (v === undefined)
            throw new Error(`MapState '${name}' iterator: entry ${uid.slice(1)} was removed`);
          return v as UV;
        },
        setValue(value: UV): void {
          checkUserValue(value);
          const m = live();
          if (m === null)
            throw new Error(`MapState '${name}' iterator: the map was cleared during iteration`);
          m[uid] = value;
        },
        remove(): void {
          const m = live();
          if (m !== null) delete m[uid];
        },
      };
    }
  }
}
