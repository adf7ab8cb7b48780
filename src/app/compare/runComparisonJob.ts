/**
 * The worker's job, apart from the worker so that tests call it directly: record each scenario,
 * reporting progress, and send each run's figures as soon as it is measured.
 */
import { measureRun } from '../../engine/compare/runMetrics';
import type { CompareMessage, CompareRequest } from './compareProtocol';

export function runComparisonJob(req: CompareRequest, post: (m: CompareMessage) => void, cancelled: () => boolean = () => false): void {
  const { requestId } = req;
  for (const [run, scenario] of req.scenarios.entries()) {
    try {
      const metrics = measureRun(scenario, {
        onProgress: (nowMs) => {
          post({ type: 'progress', requestId, run, nowMs, untilMs: scenario.untilMs });
          return !cancelled();
        },
      });
      post({ type: 'run', requestId, run, metrics });
    } catch (e) {
      post({ type: 'error', requestId, run, message: e instanceof Error ? e.message : String(e) });
      return;
    }
  }
  post({ type: 'done', requestId });
}
