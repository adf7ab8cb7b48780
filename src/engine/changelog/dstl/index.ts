/**
 * The DSTL (durable short-term log) of Flink's changelog state backend, on a DFS
 * (`flink-dstl-dfs`): the per-backend writer, the change-set file format, upload batching per
 * TaskManager, truncation, the TaskManager's file registry and restore reading with the per-TM
 * file cache. Pure functions over plain-data records; the simulation writes files and records events.
 */
export * from './stateChangeOperation';
export * from './stateChange';
export * from './stateChangeSerializer';
export * from './sequenceNumber';
export * from './stateChangeSet';
export * from './stateChangeFormat';
export * from './changelogFile';
export * from './changelogStateHandle';
export * from './uploadTask';
export * from './fsStateChangelogWriterState';
export * from './fsStateChangelogWriter';
export * from './fsStateChangelogWriterLifecycle';
export * from './writerUploadCallbacks';
export * from './writerFigures';
export * from './retryPolicy';
export * from './dstlOptions';
export * from './batchingStateChangeUploadScheduler';
export * from './inFlightUpload';
export * from './retryingUpload';
export * from './taskChangelogRegistry';
export * from './changelogTruncateHelper';
export * from './changelogHandleReaderWithCache';
export * from './stateChangelogHandleReader';
