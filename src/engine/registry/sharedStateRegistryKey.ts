/**
 * Flink's `SharedStateRegistryKey`: the logical identity under which a shared file is registered.
 * Flink has derived it in two ways, and which one is used decides whether two uploads of "the same"
 * SST can ever collide in the registry.
 */
import type { KeyGroupRange } from '../keys/keyGroupRange';

/**
 * `SharedStateRegistryKey.forStreamStateHandle` (Flink ≥ 1.18, FLINK-29913): the key is the file's
 * physical id, i.e. its path. Every upload gets its own key, so a re-upload after a failed
 * checkpoint can never be mistaken for the earlier copy. (Flink hashes the path to a UUID only to
 * save memory; the path itself is the identity.)
 */
export function registryKeyForPath(path: string): string {
  if (typeof path !== 'string' || path.length === 0) {
    throw new TypeError(
      `registryKeyForPath: path must be a non-empty string, got ${JSON.stringify(path)}`,
    );
  }
  return path;
}

/**
 * `IncrementalRemoteKeyedStateHandle#createSharedStateRegistryKeyFromFileName` (Flink ≤ 1.17): the
 * backend instance's id, its key-group range and the SST's local file name. Two uploads of the same
 * local SST get the same key, which is why the ≤ 1.17 registries had to de-duplicate.
 */
export function registryKeyForLocalFile(
  backendIdentifier: string,
  range: KeyGroupRange,
  localName: string,
): string {
  if (typeof backendIdentifier !== 'string' || backendIdentifier.length === 0) {
    throw new TypeError(
      `registryKeyForLocalFile: backendIdentifier must be a non-empty string, got ${JSON.stringify(backendIdentifier)}`,
    );
  }
  if (typeof localName !== 'string' || localName.length === 0) {
    throw new TypeError(
      `registryKeyForLocalFile: localName must be a non-empty string, got ${JSON.stringify(localName)}`,
    );
  }
  return `${backendIdentifier}-KeyGroupRange{${range.startKeyGroup}..${range.endKeyGroup}}-${localName}`;
}
