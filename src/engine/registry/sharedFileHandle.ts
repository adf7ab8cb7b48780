/**
 * What the shared state registry is told about one shared file: Flink's `StreamStateHandle` (a
 * file a task uploaded into the checkpoint's shared directory) or `PlaceholderStreamStateHandle`
 * (a file an earlier checkpoint uploaded, which this checkpoint only references). The coordinator
 * builds these from a task's acknowledged handles (`IncrementalRemoteKeyedStateHandle#sharedState`).
 */

/** Flink's shared `StreamStateHandle`, or a `PlaceholderStreamStateHandle` when `placeholder` is true. */
export interface SharedFileHandle {
  /** The `SharedStateRegistryKey` (see `sharedStateRegistryKey.ts` for the two ways Flink derives it). */
  key: string;
  /**
   * Remote path of the file. A placeholder carries the path of the upload it stands for (Flink's
   * placeholder keeps the physical id of the original handle).
   */
  path: string;
  /** Bytes (`getStateSize`). */
  sizeBytes: number;
  /** The task that reported it, `<operator>#<subtask>`. */
  task: string;
  /** The file's name inside the task's local backend (e.g. `000004.sst`), for display. */
  localName: string;
  /** True for a `PlaceholderStreamStateHandle`: reused, not uploaded by this checkpoint. */
  placeholder: boolean;
}

/** Throws a `TypeError`/`RangeError` naming the field when `h` is not a well-formed handle. */
export function checkSharedFileHandle(h: SharedFileHandle, where: string): void {
  if (h === null || typeof h !== 'object') {
    throw new TypeError(`${where}: a shared file handle must be an object, got ${String(h)}`);
  }
  for (const field of ['key', 'path', 'task', 'localName'] as const) {
    if (typeof h[field] !== 'string' || h[field].length === 0) {
      throw new TypeError(
        `${where}: handle.${field} must be a non-empty string, got ${JSON.stringify(h[field])}`,
      );
    }
  }
  if (!Number.isSafeInteger(h.sizeBytes) || h.sizeBytes < 0) {
    throw new RangeError(
      `${where}: handle.sizeBytes of ${h.path} must be an integer ≥ 0, got ${String(h.sizeBytes)}`,
    );
  }
  if (typeof h.placeholder !== 'boolean') {
    throw new TypeError(
      `${where}: handle.placeholder of ${h.path} must be a boolean, got ${String(h.placeholder)}`,
    );
  }
}

/** Throws a `RangeError` naming the value when `id` is not a valid checkpoint id (integer ≥ 1). */
export function checkCheckpointId(id: number, where: string): void {
  if (!Number.isSafeInteger(id) || id < 1) {
    throw new RangeError(`${where}: checkpoint ids are integers ≥ 1, got ${String(id)}`);
  }
}
