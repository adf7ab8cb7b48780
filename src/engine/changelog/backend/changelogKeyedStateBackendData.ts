/**
 * The plain-data state of a `ChangelogKeyedStateBackend` (apart from its nested backend, which
 * has its own data). The only thing the decorator remembers between writes is which states'
 * metadata is already in the log: Flink keeps that as a `metaDataWritten` flag per
 * `AbstractStateChangeLogger`. Keeping it here means a copy of the data, wrapped again, logs
 * exactly what the original would have (no duplicate METADATA after a rewind).
 */

/** Plain data of Flink's `ChangelogKeyedStateBackend`: the per-state `metaDataWritten` flags. */
export interface ChangelogKeyedStateBackendData {
  /** Names of the states whose METADATA was logged since the last reset, in logging order. */
  readonly metadataLogged: string[];
}

/** The data of a fresh changelog backend: no metadata logged yet. */
export function createChangelogKeyedStateBackendData(): ChangelogKeyedStateBackendData {
  return { metadataLogged: [] };
}

/** `AbstractStateChangeLogger.metaDataWritten` of one state. */
export function isMetadataLogged(data: ChangelogKeyedStateBackendData, stateName: string): boolean {
  return data.metadataLogged.includes(stateName);
}

/** Sets `metaDataWritten` of one state (after its METADATA went to the log). */
export function markMetadataLogged(data: ChangelogKeyedStateBackendData, stateName: string): void {
  if (!data.metadataLogged.includes(stateName)) data.metadataLogged.push(stateName);
}

/**
 * `ChangelogStateFactory.resetAllWritingMetaFlags`: Flink calls it when a materialization is
 * triggered, so that the log after the materialization's sync point carries every state's
 * metadata again before that state's next change (a restore reads only that part of the log).
 */
export function resetAllMetadataFlags(data: ChangelogKeyedStateBackendData): void {
  data.metadataLogged.length = 0;
}
