/**
 * Lesson 2 (exactly-once vs at-least-once) against Flink's rules: aligned barriers block the
 * channel, a plain sink shows the replayed records twice, a two-phase-commit sink shows none, and
 * without alignment the state itself counts a record twice. Expected values are derived from the
 * scenarios' scripts, not from the checker.
 */
import { describe, expect, it } from 'vitest';
import { loadScenarioRef } from '../../cli/lessonFiles';
import { Timeline, type Scenario } from '../../src/engine';
import { answerValue } from '../../src/lessons/questions';
import { lessonFile, resolvedStops } from './lessonFile';

const lesson = lessonFile('02-exactly-once-vs-at-least-once.json');
const stops = resolvedStops(lesson);

describe('lesson 2: exactly-once vs at-least-once', () => {
  it('exactly-once blocks the channel of the first barrier; at-least-once does not', () => {
    expect(stops[0]!.anchor).toMatchObject({ type: 'barrier.received', blocked: true, arrived: 1, of: 2 });
    expect(stops[8]!.anchor).toMatchObject({ type: 'barrier.received', blocked: false });
    // Without alignment the post-barrier records are processed before the snapshot.
    expect(answerValue(stops[8]!.question!)).toBe('state.updated');
  });

  it('the plain sink shows every record written after checkpoint 1 twice once the job replays', () => {
    // The script emits 2 + 1 records between the checkpoint at 300 ms and the failure at 700 ms.
    const plain = loadScenarioRef('sink-after-failure-plain.json');
    const afterCp1 = plain.script!.filter((a) => a.do === 'emit' && a.atMs > 300 && a.atMs < 700).flatMap((a) => ('records' in a ? a.records : []));
    expect(answerValue(stops[3]!.question!)).toBe('sink.received');
    expect(stops[4]!.facts.dups).toBe(afterCp1.length);
  });

  it('the two-phase-commit sink commits on completion, aborts the open transaction, recovers the pending one, and shows no duplicate', () => {
    expect(answerValue(stops[5]!.question!)).toBe('sink.commit');
    expect(stops[6]!.anchor).toMatchObject({ type: 'sink.abort', records: 3 });
    expect(stops[7]!.anchor).toMatchObject({ type: 'sink.recoverAndCommit', outcome: 'committed' });
    expect(answerValue(stops[7]!.question!)).toBe(0);
  });

  it("at-least-once counts key b's post-barrier record twice; the same run aligned does not", () => {
    // b: 2 before the checkpoint, +1 after source#0's barrier; replayed once after the restore.
    expect(stops[9]!.facts.before).toBe(3);
    expect(stops[9]!.anchor).toMatchObject({ type: 'state.updated', key: 'b', value: 4 });
    const alo = lesson.stops[9]!.scenario as Record<string, unknown>;
    const aligned = loadScenarioRef({ ...alo, checkpointing: { ...(alo.checkpointing as object), mode: 'exactly_once' } }) as Scenario;
    const bSums = Timeline.record(aligned)
      .records()
      .flatMap((r) => r.events)
      .flatMap((e) => (e.type === 'state.updated' && e.key === 'b' ? [e.value] : []));
    expect(bSums.at(-1)).toBe(3);
  });
});
