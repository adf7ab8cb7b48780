import { describe, expect, it } from 'vitest';
import { scenarioOf } from '../defaultScenario';
import { SCENARIO_FORMAT } from '../scenario/scenarioSchema';
import { Simulation } from '../simulation';
import { generatedRecord } from '../job/sourceGenerator';
import { keyedStateEntries } from '../job/stateView';
import type { EngineState } from '../state';

/** Every record the sources have read, counted once in keyed state (minus those still on their way). */
function exactlyOnce(state: EngineState): void {
  const expected = new Map<string, number>();
  for (const src of Object.values(state.job.sources)) {
    for (const p of src.partitions) {
      for (let o = 0; o < p.offset; o++) {
        const r = generatedRecord(state.scenario, p.partition, o);
        expected.set(String(r.key), (expected.get(String(r.key)) ?? 0) + r.value);
      }
    }
  }
  for (const e of state.queue.heap) if (e.item.kind === 'record.arrive' && e.item.from.startsWith('source#')) expected.set(String(e.item.key), expected.get(String(e.item.key))! - e.item.value);
  // Records waiting at a source behind an aligned barrier (its channel is blocked) or queued at an operator.
  const waiting = [...Object.values(state.job.channels).filter((c) => c.from.startsWith('source#')).flatMap((c) => c.outQueue), ...Object.entries(state.job.flow).filter(([t]) => t.startsWith('count#')).flatMap(([, f]) => f.queue)];
  for (const r of waiting) if (r.kind === 'record') expected.set(String(r.key), expected.get(String(r.key))! - r.value);
  for (const [k, v] of [...expected]) if (v === 0) expected.delete(k);
  const actual = new Map<string, number>();
  for (const k of Object.values(state.job.keyed)) for (const e of keyedStateEntries(k.backend)) actual.set(String(e.key), e.value as number);
  expect(actual).toEqual(expected);
}

const backends = [
  { type: 'hashmap', incremental: false },
  { type: 'rocksdb', incremental: true },
] as const;

describe('injected task failures', () => {
  for (const backend of backends) {
    for (const phase of ['now', 'sync', 'async', 'before-ack'] as const) {
      it(`${backend.type}${backend.incremental ? ' incremental' : ''}: a failure ${phase === 'now' ? 'now' : `in the ${phase} phase`} fails over to the latest checkpoint, exactly once, leaving no orphan files`, () => {
        const s = scenarioOf({
          format: SCENARIO_FORMAT,
          // A plain sink, so the output shows the records read again (a transactional one would not: transactionalSink.test.ts).
          job: { parallelism: 2, source: { kind: 'generator', keys: 10, ratePerSec: 100 }, sink: { kind: 'plain' } },
          stateBackend: backend,
          checkpointing: { numRetained: 1 },
          script: [
            { atMs: 200, do: 'checkpoint' },
            { atMs: 400, do: 'fail', task: 'count#1', phase },
            { atMs: 450, do: 'checkpoint' },
            { atMs: 900, do: 'checkpoint' },
          ],
          untilMs: 1400,
        });
        const sim = Simulation.create(s);
        const events = sim.runUntil(s.untilMs);
        const failed = events.find((e) => e.type === 'job.failed');
        expect(failed && failed.type === 'job.failed' && failed.restartFrom).toBe(1);
        expect(events.filter((e) => e.type === 'job.running')).toHaveLength(1);
        expect(sim.state.job.running).toBe(true);
        exactlyOnce(sim.state);
        // After the job settles, only the retained checkpoint's files remain.
        const referenced = new Set(sim.state.coordinator.completed.flatMap((c) => c.files));
        expect(Object.keys(sim.state.storage.files).filter((p) => !referenced.has(p))).toEqual([]);
        // Records read again after the restore reached the sink twice: duplicates downstream (plain output).
        expect(sim.state.job.output.duplicates).toBeGreaterThan(0);
      });
    }
  }
});
