/**
 * The state backends Flink deprecated in 1.13 and what each became (`StateBackendLoader`
 * L127–159: "jobmanager" and "filesystem" are loaded as a `HashMapStateBackend`; the checkpoint
 * storage is configured apart since then). A scenario may still name one; it is mapped to the
 * new backend and checkpoint storage, and the views say what it became.
 *
 * - `MemoryStateBackend` = `HashMapStateBackend` + `JobManagerCheckpointStorage`: snapshots go
 *   into the JobManager's heap as `ByteStreamStateHandle`s inlined in `_metadata`, each stream
 *   capped at `MemoryStateBackend.DEFAULT_MAX_STATE_SIZE` (5 MB; `MemCheckpointStreamFactory#checkSize`).
 * - `FsStateBackend` = `HashMapStateBackend` + `FileSystemCheckpointStorage`.
 * - `RocksDBStateBackend` = `EmbeddedRocksDBStateBackend` + `FileSystemCheckpointStorage`.
 */
export const LEGACY_BACKENDS = ['MemoryStateBackend', 'FsStateBackend', 'RocksDBStateBackend'] as const;
export type LegacyBackend = (typeof LEGACY_BACKENDS)[number];

export type CheckpointStorageType = 'filesystem' | 'jobmanager';

export const LEGACY_BACKEND_MAPPING: Readonly<Record<LegacyBackend, { type: 'hashmap' | 'rocksdb'; checkpointStorage: CheckpointStorageType }>> = {
  MemoryStateBackend: { type: 'hashmap', checkpointStorage: 'jobmanager' },
  FsStateBackend: { type: 'hashmap', checkpointStorage: 'filesystem' },
  RocksDBStateBackend: { type: 'rocksdb', checkpointStorage: 'filesystem' },
};

/** Flink's real cap per state stream of the JobManager storage (`MemoryStateBackend.DEFAULT_MAX_STATE_SIZE`). */
export const FLINK_DEFAULT_MAX_STATE_SIZE = 5 * 1024 * 1024;
/** Teaching value: 5 MB scaled down 1024 times, so a few hundred keys reach it. */
export const TEACHING_MAX_STATE_SIZE = 5 * 1024;

/** `MemCheckpointStreamFactory#checkSize`'s message, word for word. */
export function memoryStateTooLargeMessage(size: number, maxSize: number): string {
  return `Size of the state is larger than the maximum permitted memory-backed state. Size=${size}, maxSize=${maxSize}. Consider using a different checkpoint storage, like the FileSystemCheckpointStorage.`;
}

/** The name of the new backend + storage a legacy backend stands for, as Flink's classes. */
export function legacyBackendBecame(legacy: LegacyBackend): string {
  const m = LEGACY_BACKEND_MAPPING[legacy];
  return `${m.type === 'rocksdb' ? 'EmbeddedRocksDBStateBackend' : 'HashMapStateBackend'} + ${m.checkpointStorage === 'jobmanager' ? 'JobManagerCheckpointStorage' : 'FileSystemCheckpointStorage'}`;
}
