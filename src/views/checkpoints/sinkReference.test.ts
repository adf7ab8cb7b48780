/**
 * The verdict's reference on the page (sinkVerdict.ts referenceOf): a kept run's reference stands
 * for its steps up to where it stopped; a step past that (the run branched and recorded on) asks
 * the worker for the whole failure-free run.
 */
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_SCENARIO, type SinkOutcome } from '../../engine';
import type { SinkReference } from '../../recording/recorderCore';

const asked: boolean[] = [];
const answers: ((r: SinkReference) => void)[] = [];
vi.mock('../../recording/recorderClient', () => ({
  failureFreeInWorker: (_s: unknown, whole = false) => {
    asked.push(whole);
    return new Promise<SinkReference>((resolve) => answers.push(resolve));
  },
}));

const { onReference, referenceOf } = await import('./sinkVerdict');

const outcome = (n: number): SinkOutcome => ({ committed: { [`k${n}`]: [] }, settled: {} }) as unknown as SinkOutcome;

describe('the reference of a run kept early', () => {
  it('serves the steps up to where the run stopped, and asks for the whole run past them', async () => {
    const scenario = structuredClone(DEFAULT_SCENARIO);
    let told = 0;
    const stop = onReference(() => told++);
    expect(referenceOf(scenario, 100)).toBeNull();
    // Asked once while on its way.
    expect(referenceOf(scenario, 200)).toBeNull();
    expect(asked).toEqual([false]);
    const kept = outcome(1);
    answers.shift()!({ outcome: kept, coversMs: 1000 });
    await Promise.resolve();
    expect(told).toBe(1);
    expect(referenceOf(scenario, 1000)).toBe(kept);
    expect(asked).toEqual([false]);
    // Past the stop: the whole run is asked for, and stands for every step once it arrives.
    expect(referenceOf(scenario, 1001)).toBeNull();
    expect(asked).toEqual([false, true]);
    const whole = outcome(2);
    answers.shift()!({ outcome: whole, coversMs: Infinity });
    await Promise.resolve();
    expect(referenceOf(scenario, 5000)).toBe(whole);
    expect(referenceOf(scenario, 10)).toBe(whole);
    stop();
  });
});
