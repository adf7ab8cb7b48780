/**
 * Flink's `ChangelogBackendRestoreOperation`: a changelog backend is restored by building the
 * nested backend from the materialized part (a HashMap full snapshot or RocksDB files, done by
 * the nested backend's own restore; or nothing, an empty backend, before the first
 * materialization) and then re-applying every change of the non-materialized part in order.
 * Nothing here depends on the nested backend's type, which is what lets a job switch between
 * HashMap and RocksDB (or turn changelog off) across a restore.
 */
import type { KeyedStateBackend } from '../../state/keyedStateApi';
import { VOID_NAMESPACE } from '../../state/namespaces';
import { applyChange, stateHandle } from './changelogBackendLogApplier';
import { ChangelogKeyedStateBackend } from './changelogKeyedStateBackend';
import type { LoggedChange, StateChangeSink } from './loggedChange';

/**
 * The loop of `ChangelogBackendRestoreOperation.readBackendHandle`: applies `changes` to
 * `base` in order (the base is changed and returned). Afterwards every
 * registered state's current namespace is VoidNamespace again, as on a freshly restored
 * backend, so replay leaves no window namespace behind for code that never sets one; the key
 * context is that of the last change applied, as in Flink.
 */
export function replayChanges<B extends KeyedStateBackend>(
  base: B,
  changes: Iterable<LoggedChange>,
): B {
  for (const change of changes) applyChange(base, change);
  const nested =
    base instanceof ChangelogKeyedStateBackend ? base.getDelegatedKeyedStateBackend() : base;
  for (const d of nested.getRegisteredStates())
    stateHandle(nested, d).setCurrentNamespace(VOID_NAMESPACE);
  return base;
}

/**
 * `ChangelogBackendRestoreOperation.restore`: replays `changes` onto `base` and wraps it in a
 * new `ChangelogKeyedStateBackend` logging to `sink`. The new backend starts with no metadata
 * logged, so its first change of each state logs METADATA (Flink numbers states afresh in a
 * restored backend, and the new log must stand on its own). `base` is the nested backend (empty,
 * or restored from the materialized part), never a changelog backend itself.
 */
export function restoreChangelogKeyedStateBackend(
  base: KeyedStateBackend,
  changes: Iterable<LoggedChange>,
  sink: StateChangeSink,
): ChangelogKeyedStateBackend {
  return new ChangelogKeyedStateBackend(replayChanges(base, changes), sink);
}
