/**
 * How long a transfer to or from remote storage takes in simulated time: the scenario's
 * per-file latency plus its bandwidth, slowed while a `slowStorage` fault lasts. Uploads of
 * snapshots, DSTL batches and materializations, and the downloads of a restore, all use it.
 */
import type { StepContext } from '../stepContext';

/** Time to upload `bytes` to remote storage (`storage.latencyMs` per file plus bandwidth). */
export function uploadDurationMs(ctx: StepContext, bytes: number, files: number): number {
  const { latencyMs, bytesPerMs } = ctx.state.scenario.storage;
  if (files === 0) return 0;
  const slow = ctx.state.storage.slow;
  const factor = slow && (slow.untilMs === null || ctx.nowMs < slow.untilMs) ? slow.factor : 1;
  return Math.ceil(factor * (latencyMs + bytes / bytesPerMs));
}
