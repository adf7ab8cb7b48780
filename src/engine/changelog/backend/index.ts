/**
 * The changelog state backend (Flink's `flink-statebackend-changelog`): the decorator that logs
 * every keyed-state write as a change, the change record, and the restore path that replays
 * changes onto a nested backend.
 */
export * from './stateChangeOperation';
export * from './loggedChange';
export * from './changelogKeyedStateBackendData';
export * from './kvStateChangeLogger';
export * from './abstractChangelogState';
export * from './changelogValueState';
export * from './changelogListState';
export * from './changelogMapState';
export * from './changelogReducingState';
export * from './changelogAggregatingState';
export * from './changelogKeyedStateBackend';
export * from './changelogBackendLogApplier';
export * from './changelogBackendRestoreOperation';
