/**
 * Flink's `RetryPolicy` for changelog uploads (`state.changelog.dstl.dfs.upload.retry-policy`):
 * `fixed` (the default) or `none`. `retryAfter` answers, after a failed attempt, how long to wait
 * before the next one, or -1 to give up.
 */

/** Why an upload attempt failed: an I/O error, or no answer within `upload.timeout`. */
export type UploadFailureCause = 'io' | 'timeout';

/** `RetryPolicy` as plain data. */
export type RetryPolicy =
  | {
      readonly kind: 'fixed';
      /** `upload.max-attempts`, including the first attempt (Flink: 3). */
      readonly maxAttempts: number;
      /** `upload.timeout` (Flink: 1 s). */
      readonly timeoutMs: number;
      /** `upload.next-attempt-delay` after an I/O error (Flink: 500 ms). */
      readonly delayAfterFailureMs: number;
    }
  | { readonly kind: 'none' };

/** `RetryPolicy.NONE`. */
export const NO_RETRY: RetryPolicy = Object.freeze({ kind: 'none' });

/** `RetryPolicy.fixed(maxAttempts, timeout, delayAfterFailure)`. */
export function fixedRetryPolicy(
  maxAttempts: number,
  timeoutMs: number,
  delayAfterFailureMs: number,
): RetryPolicy {
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1) {
    throw new RangeError(
      `RetryPolicy.fixed: maxAttempts must be an integer ≥ 1, got ${maxAttempts}`,
    );
  }
  if (!(delayAfterFailureMs >= 0)) {
    throw new RangeError(
      `RetryPolicy.fixed: delayAfterFailureMs must be ≥ 0, got ${delayAfterFailureMs}`,
    );
  }
  return { kind: 'fixed', maxAttempts, timeoutMs, delayAfterFailureMs };
}

/**
 * `RetryPolicy#retryAfter(failedAttempt, exception)`: -1 = give up; 0 = retry at once (after a
 * timeout: Flink starts the next attempt while the slow one may still finish); otherwise the delay.
 */
export function retryAfter(
  policy: RetryPolicy,
  failedAttempt: number,
  cause: UploadFailureCause,
): number {
  if (policy.kind === 'none') return -1;
  if (failedAttempt >= policy.maxAttempts) return -1;
  return cause === 'timeout' ? 0 : policy.delayAfterFailureMs;
}

/** `RetryPolicy#timeoutFor(attempt)`: the attempt's timeout in ms; ≤ 0 means none. */
export function uploadTimeoutFor(policy: RetryPolicy): number {
  return policy.kind === 'none' ? -1 : policy.timeoutMs;
}
