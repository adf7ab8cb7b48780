/**
 * What the comparison page and its worker say to each other. The worker records the runs (seconds
 * of work) so the page never blocks; it sends progress per run, then each run's figures (plain data,
 * a few hundred points per run: structured clone is cheap, no protocol of our own needed).
 */
import type { RunMetrics } from '../../engine/compare/runMetrics';
import type { Scenario } from '../../engine';

export interface CompareRequest {
  type: 'run';
  /** Ids the page gave the request: a late answer to an older request is ignored. */
  requestId: number;
  scenarios: Scenario[];
}

export type CompareMessage =
  | { type: 'progress'; requestId: number; run: number; nowMs: number; untilMs: number }
  | { type: 'run'; requestId: number; run: number; metrics: RunMetrics }
  | { type: 'done'; requestId: number }
  | { type: 'error'; requestId: number; run: number; message: string };
