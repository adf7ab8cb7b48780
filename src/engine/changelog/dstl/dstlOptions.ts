/**
 * `FsStateChangelogOptions`: the DFS changelog storage's settings, with Flink's defaults and the
 * teaching engine's values. Sizes are divided by 16384 like the LSM's (10 MB → 640 B), so a small
 * simulated job reaches the thresholds; times are Flink's own.
 */
import { fixedRetryPolicy, type RetryPolicy } from './retryPolicy';

const MB = 1024 * 1024;

/** The DSTL settings the writer, the batching scheduler and the restore cache read. */
export interface DstlOptions {
  /** `state.changelog.dstl.dfs.batch.persist-delay`. */
  readonly persistDelayMs: number;
  /** `state.changelog.dstl.dfs.batch.persist-size-threshold`. */
  readonly persistSizeThresholdBytes: number;
  /** `state.changelog.dstl.dfs.preemptive-persist-threshold` (per writer). */
  readonly preEmptivePersistThresholdBytes: number;
  /** `state.changelog.dstl.dfs.upload.max-in-flight` (per TaskManager). */
  readonly maxBytesInFlight: number;
  /** `state.changelog.dstl.dfs.compression.enabled`. */
  readonly compression: boolean;
  /** `upload.retry-policy`, `upload.max-attempts`, `upload.timeout`, `upload.next-attempt-delay`. */
  readonly retryPolicy: RetryPolicy;
  /** `state.changelog.dstl.dfs.download.local-cache.idle-timeout-ms`. */
  readonly cacheIdleTimeoutMs: number;
}

/** Flink's defaults (1.15–1.20). */
export const DSTL_FLINK_DEFAULTS: DstlOptions = Object.freeze({
  persistDelayMs: 10,
  persistSizeThresholdBytes: 10 * MB,
  preEmptivePersistThresholdBytes: 5 * MB,
  maxBytesInFlight: 100 * MB,
  compression: false,
  retryPolicy: fixedRetryPolicy(3, 1000, 500),
  cacheIdleTimeoutMs: 10 * 60 * 1000,
});

/** The teaching engine's values: byte sizes ÷ 16384 (matching the scenario's 640-byte size threshold), times unchanged. */
export const DSTL_TEACHING_DEFAULTS: DstlOptions = Object.freeze({
  ...DSTL_FLINK_DEFAULTS,
  persistSizeThresholdBytes: 640,
  preEmptivePersistThresholdBytes: 320,
  maxBytesInFlight: 6400,
});

/** The Flink config key of each option, for the configuration dialog. */
export const DSTL_CONFIG_KEYS: Readonly<Record<keyof DstlOptions, string>> = Object.freeze({
  persistDelayMs: 'state.changelog.dstl.dfs.batch.persist-delay',
  persistSizeThresholdBytes: 'state.changelog.dstl.dfs.batch.persist-size-threshold',
  preEmptivePersistThresholdBytes: 'state.changelog.dstl.dfs.preemptive-persist-threshold',
  maxBytesInFlight: 'state.changelog.dstl.dfs.upload.max-in-flight',
  compression: 'state.changelog.dstl.dfs.compression.enabled',
  retryPolicy: 'state.changelog.dstl.dfs.upload.retry-policy',
  cacheIdleTimeoutMs: 'state.changelog.dstl.dfs.download.local-cache.idle-timeout-ms',
});
