/**
 * Lesson 8 (why shared/ never shrinks) against Flink 1.15+'s rule (SharedStateRegistryImpl):
 * a registered file records the last checkpoint that used it, and after each completed
 * checkpoint the files last used below the lowest retained checkpoint are deleted. The expected
 * values come from applying that rule to the lesson's script (flushes, a declined checkpoint, a
 * compaction of 1–3 into 5), not from the checker.
 */
import { describe, expect, it } from 'vitest';
import { answerValue } from '../../src/lessons/questions';
import { lessonFile, resolvedStops } from './lessonFile';

const stops = resolvedStops(lessonFile('08-why-shared-never-shrinks.json'));

// The script: SST n is the n-th flush; CP3 is declined after count#0 uploaded SST 4; SSTs 1–3 compact into 5 before CP5.
const HANDLES: Record<number, number[]> = { 1: [1, 2], 2: [1, 2, 3], 4: [1, 2, 3, 4], 5: [4, 5, 6], 6: [4, 5, 6, 7] };
const NUM_RETAINED = 2;

/** Flink 1.15+: uploads keyed by "sst@uploadingCheckpoint"; which are deleted after each completed checkpoint. */
function applyRule() {
  const lastUse = new Map<string, number>();
  const uploadOf = new Map<number, string>();
  const deletedAfter: Record<number, number[]> = {};
  const completed: number[] = [];
  // The failed CP3's upload of SST 4 is registered on count#0's acknowledgement, never reused.
  lastUse.set('4@3', 3);
  for (const cp of [1, 2, 4, 5, 6]) {
    for (const sst of HANDLES[cp]!) {
      if (!uploadOf.has(sst)) uploadOf.set(sst, `${sst}@${cp}`);
      lastUse.set(uploadOf.get(sst)!, cp);
    }
    completed.push(cp);
    const retained = completed.slice(-NUM_RETAINED);
    deletedAfter[cp] = [];
    for (const [file, last] of lastUse) {
      if (last < retained[0]!) {
        deletedAfter[cp]!.push(Number(file.split('@')[0]));
        lastUse.delete(file);
      }
    }
  }
  return { deletedAfter, lastUse };
}

describe('lesson 8: shared/ under num-retained 2 (Flink 1.15+)', () => {
  const { deletedAfter } = applyRule();
  const deletedBy = (cp: number) => [...new Set([1, 2, 4, 5, 6].filter((c) => c <= cp).flatMap((c) => deletedAfter[c]!))].sort((a, b) => a - b);

  it('every checkpoint stop references what the script leaves in RocksDB and retains the newest two', () => {
    expect(stops[1]!.facts.shared).toEqual(HANDLES[2]);
    expect(stops[1]!.facts.retained).toEqual([1, 2]);
    expect(stops[7]!.facts.shared).toEqual(HANDLES[6]);
  });

  it("the failed checkpoint's SST upload stays after the abort and CP4 uploads the file again before any deletion", () => {
    expect(stops[2]!.anchor).toMatchObject({ type: 'checkpoint.aborted', checkpointId: 3 });
    expect(stops[2]!.facts.up).toEqual([4]);
    expect(stops[2]!.facts.lastUse).toBe(3);
    expect(answerValue(stops[2]!.question!)).toBe('file.uploaded');
  });

  it('subsuming CP1 deletes none of its SSTs; the failed copy goes at CP5; SSTs 1–3 only at CP6', () => {
    expect(deletedBy(4)).toEqual([]);
    // Asked when CP4 is triggered: CP1 is still retained, chk-1/ still in storage.
    expect(stops[3]!.anchor).toMatchObject({ type: 'checkpoint.triggered', checkpointId: 4 });
    expect(stops[3]!.facts.retained).toEqual([1, 2]);
    expect(stops[3]!.facts.up1).toEqual(HANDLES[1]);
    expect(stops[3]!.facts.shared2).toEqual(HANDLES[2]);
    // "None of them" (choice 1), as the rule gives after CP4 completes.
    expect(answerValue(stops[3]!.question!)).toBe(1);
    expect(stops[3]!.facts.deleted).toEqual(deletedBy(4));
    // Asked when CP5 is triggered, before its completion deletes anything; answered there.
    expect(stops[5]!.anchor).toMatchObject({ type: 'checkpoint.triggered', checkpointId: 5 });
    expect(stops[5]!.facts.retained).toEqual([2, 4]);
    expect(deletedBy(5)).toEqual([4]);
    expect(answerValue(stops[5]!.question!)).toEqual(deletedBy(5));
    expect(stops[5]!.answerFacts.retained).toEqual([4, 5]);
    expect(stops[6]!.facts.deleted).toEqual(deletedBy(6));
    expect(deletedBy(6)).toEqual([1, 2, 3, 4]);
  });

  it('CP4 keeps SST 1 alive (its last use); SST 4 uploaded by CP4 is last used by CP6', () => {
    const { lastUse } = applyRule();
    // SST 1's last use: the newest checkpoint whose handle lists it (CP6's completion then deletes it).
    expect(stops[5]!.answerFacts.last1).toBe(Math.max(...[1, 2, 4, 5].filter((cp) => HANDLES[cp]!.includes(1))));
    expect(deletedAfter[6]).toContain(1);
    expect(stops[7]!.facts.by).toBe(4);
    expect(stops[7]!.facts.lastUse4).toBe(lastUse.get('4@4'));
  });
});
