/**
 * The exactly-once verdict at the cursor, for the panel under the checkpoint table: the sink's
 * committed records and duplicates as the external system saw them, judged against the
 * failure-free run of the same scenario (engine/verdict). The reference is asked for once per
 * scenario.
 */
import { exactlyOnceVerdict, failureFreeOutcome, type EngineState, type ExactlyOnceVerdict, type Scenario, type SinkOutcome } from '../../engine';
import type { MessageKey } from '../../i18n/messages';
import { failureFreeInWorker } from '../../recording/recorderClient';
import type { SinkReference } from '../../recording/recorderCore';

const references = new WeakMap<Scenario, SinkReference>();
const pending = new WeakSet<Scenario>();
const listeners = new Set<() => void>();

/**
 * The failure-free run's output for the verdict at simulated time `atMs`, or null while it is on
 * its way (the page asks once per scenario and is told when it arrives): from the recording itself
 * when the scenario has no fault (where a kept run stopped, for the steps up to there:
 * recorderCore.ts SinkReference), else from a worker run for it (recorderClient.failureFreeInWorker).
 * A step past what the reference covers (a kept run branched and recorded on) asks for the whole
 * run. Without a worker it is computed here.
 */
export function referenceOf(scenario: Scenario, atMs = 0): SinkOutcome | null {
  const known = references.get(scenario);
  if (known && atMs <= known.coversMs) return known.outcome;
  if (pending.has(scenario)) return null;
  const inWorker = failureFreeInWorker(scenario, known !== undefined);
  if (!inWorker) {
    const r = failureFreeOutcome(scenario);
    references.set(scenario, { outcome: r, coversMs: Infinity });
    return r;
  }
  pending.add(scenario);
  void inWorker.then((r) => {
    references.set(scenario, r);
    pending.delete(scenario);
    for (const l of listeners) l();
  });
  return null;
}

/** For useSyncExternalStore: called when a reference arrives from the worker. */
export function onReference(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export interface SinkVerdictView {
  committed: number;
  duplicates: number;
  verdict: ExactlyOnceVerdict;
  label: { key: MessageKey; params: Record<string, number> };
  why: MessageKey;
}

export function sinkVerdictAt(scenario: Scenario, state: EngineState, reference: SinkOutcome | null = referenceOf(scenario, state.nowMs)): SinkVerdictView | null {
  if (!reference) return null;
  const verdict = exactlyOnceVerdict(state, reference);
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

/** While playing fast, the verdict is worked out at most this often (ms of wall time). */
export const VERDICT_EVERY_MS = 500;

let lastShown: { at: number; scenario: Scenario; reference: SinkOutcome | null; view: SinkVerdictView | null } | null = null;

/**
 * The verdict for the panel: at the step shown, except while playing fast, where the one worked
 * out less than VERDICT_EVERY_MS ago is shown again. The verdict passes over every record the run
 * has delivered so far, so it grows with the run; measured while the scale run played at the
 * fastest speed, it was about a tenth of the page's thread even at one panel group per frame,
 * for a number that changes too fast to read there. Pausing shows the step's own verdict.
 */
export function pacedSinkVerdict(scenario: Scenario, state: EngineState, reference: SinkOutcome | null, fast: boolean, now: number = performance.now()): SinkVerdictView | null {
  const last = lastShown;
  if (fast && last && last.scenario === scenario && last.reference === reference && now - last.at < VERDICT_EVERY_MS) return last.view;
  const view = sinkVerdictAt(scenario, state, reference);
  lastShown = { at: now, scenario, reference, view };
  return view;
}
