/**
 * The facts added for lessons 10–14 (`sum`, `rewoundRecords`, `keyGroupRange`, `restoredEntries`,
 * `restoredFileCount`): checked on the plain-sink failure example, whose script
 * says which records each source reads after checkpoint 1 and before the first failure.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parseScenarioText, type Scenario } from '../engine';
import type { Stop } from './lessonSchema';
import { parseLesson } from './parseLesson';
import { resolveLesson } from './resolveLesson';

const scenario = (() => {
  const r = parseScenarioText(readFileSync(new URL('../../scenarios/sink-after-failure-plain.json', import.meta.url), 'utf8'));
  if (!r.ok) throw new Error('scenario');
  return r.scenario;
})();
const both = (s: string) => ({ en: s, zh: s });

function resolveStops(stops: Partial<Stop>[]) {
  const r = parseLesson({
    format: 'checkpoint-lab/lesson@1',
    id: 't',
    number: 1,
    title: both('t'),
    summary: both('t'),
    level: 'beginner',
    minutes: 1,
    scenario: 'sink-after-failure-plain.json',
    stops: stops.map((s) => ({ highlight: ['checkpoints'], title: both('t'), text: both('t'), ...s })),
  });
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return resolveLesson(r.lesson, (): Scenario => scenario);
}

describe('sum and rewoundRecords facts', () => {
  it('sum adds a numeric field over the matching events up to the stop', () => {
    const r = resolveStops([{ anchor: { event: 'checkpoint.completed', nth: 1 }, facts: { kept: { fact: 'sum', event: 'file.uploaded', field: 'size', where: { checkpointId: 1 } }, none: { fact: 'sum', event: 'file.uploaded', field: 'size', where: { checkpointId: 2 } } } }]);
    expect(r.ok).toBe(true);
    const s = r.stops[0]!;
    // Checkpoint 1's files: the keyed snapshots of count#0, count#1 and the _metadata, as their upload events report them.
    expect(s.facts.none).toBe(0);
    expect(s.facts.kept).toBeGreaterThan(0);
    const r2 = resolveStops([{ anchor: { event: 'checkpoint.completed', nth: 1 }, facts: { bad: { fact: 'sum', event: 'file.uploaded', field: 'path' } } }]);
    expect(r2.ok).toBe(false);
    if (!r2.ok) expect(r2.problems[0]!.message).toContain('path');
  });

  it("rewoundRecords counts what the sources read after the restored checkpoint's barrier: f, g on source#0 and h on source#1", () => {
    const r = resolveStops([
      { anchor: { event: 'job.failed', nth: 1 }, facts: { n: { fact: 'rewoundRecords' } } },
      { anchor: { event: 'checkpoint.completed', nth: 1 }, facts: { n: { fact: 'rewoundRecords' } } },
    ]);
    expect(r.stops[0]!.facts.n).toBe(3);
    // Before any restore the fact has no value: the checker names the stop.
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems).toEqual([expect.objectContaining({ stop: 2, message: expect.stringContaining('no restore') })]);
  });

  it('keyGroupRange, restoredEntries and restoredFileCount read the running topology and the latest restore; a stop before any restore is a problem', () => {
    const r = resolveStops([
      { anchor: { event: 'checkpoint.completed', nth: 1 }, facts: { kg: { fact: 'keyGroupRange', task: 'count#1' } } },
      { anchor: { event: 'job.running', nth: 1 }, facts: { src: { fact: 'restoredEntries', task: 'source#0' }, files: { fact: 'restoredFileCount', task: 'count#0' } } },
      { anchor: { event: 'checkpoint.completed', nth: 1 }, facts: { src: { fact: 'keyGroupRange', task: 'source#0' }, none: { fact: 'restoredEntries', task: 'sink#0' } } },
    ]);
    // p = 2 of 128 key groups: the second half (DOMAIN.md §1's formula).
    expect(r.stops[0]!.facts.kg).toBe('64–127');
    // Failover from checkpoint 1: source#0 gets its partition 0 and offset back; count#0 reads its one file.
    const restored = r.stops.find((s) => s.index === 1)!;
    expect(restored.facts.src).toEqual([expect.stringMatching(/^p0@\d+$/)]);
    expect(restored.facts.files).toBe(1);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems.map((p) => p.stop)).toEqual([3]);
    if (!r.ok) expect(r.problems[0]!.message).toMatch(/source#0 is not a running keyed subtask|restored no operator state/);
  });

  it('a field may be a dotted path into a nested object; a null on the way is the value, a missing field a problem', () => {
    const sel = { event: 'checkpoint.syncSnapshot' as const, where: { checkpointId: 1, task: 'count#0' } };
    const r = resolveStops([
      { anchor: sel, facts: { orig: { fact: 'anchor', field: 'compression.originalBytes' }, kg: { fact: 'anchor', field: 'forwardedTo' } } },
      { anchor: sel, facts: { bad: { fact: 'eventField', select: sel, field: 'stateSize.bytes' } } },
    ]);
    // This example does not compress snapshots: compression is null, so is any field inside it.
    expect(r.stops[0]!.facts.orig).toBeNull();
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems).toEqual([expect.objectContaining({ stop: 2, message: expect.stringContaining('stateSize.bytes') })]);
  });
});
