/**
 * The exactly-once verdict at the cursor, for the panel under the checkpoint table: the sink's
 * committed records and duplicates as the external system saw them, judged against the
 * failure-free run of the same scenario (engine/verdict). The reference run is recorded once per
 * scenario.
 */
import { exactlyOnceVerdict, failureFreeOutcome, type EngineState, type ExactlyOnceVerdict, type Scenario, type SinkOutcome } from '../../engine';
import type { MessageKey } from '../../i18n/messages';

const references = new WeakMap<Scenario, SinkOutcome>();

function referenceOf(scenario: Scenario): SinkOutcome {
  let r = references.get(scenario);
  if (!r) {
    r = failureFreeOutcome(scenario);
    references.set(scenario, r);
  }
  return r;
}

export interface SinkVerdictView {
  committed: number;
  duplicates: number;
  verdict: ExactlyOnceVerdict;
  label: { key: MessageKey; params: Record<string, number> };
  why: MessageKey;
}

export function sinkVerdictAt(scenario: Scenario, state: EngineState): SinkVerdictView {
  const verdict = exactlyOnceVerdict(state, referenceOf(scenario));
  const out = state.job.output;
  const label: SinkVerdictView['label'] =
    verdict.lost > 0
      ? { key: 'verdictLost', params: { l: verdict.lost, d: verdict.duplicated } }
      : verdict.duplicated > 0
        ? { key: 'verdictAtLeastOnce', params: { d: verdict.duplicated } }
        : verdict.compared === 0
          ? { key: 'verdictNotYet', params: {} }
          : { key: 'verdictExactlyOnce', params: { n: verdict.compared } };
  const s = state.scenario;
  const why: MessageKey =
    s.checkpointing.mode === 'at_least_once'
      ? 'verdictWhyAtLeastOnce'
      : s.job.sink.kind === 'transactional'
        ? 'verdictWhyTransactional'
        : state.job.attempt > 0
          ? 'verdictWhyPlainRestored'
          : 'verdictWhyPlainNoRestore';
  return { committed: out.emitted, duplicates: out.duplicates, verdict, label, why };
}
