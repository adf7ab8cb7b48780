/**
 * Lesson navigation without blocking: a stop on a run that still streams in from the worker waits
 * for its step (the store's `recorded` grows), then the player moves there. First the helper on
 * a fake store, then goToLessonStep on the app's store with a recording simulated by hand (under
 * Node every run records in-thread, whole).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { Timeline, DEFAULT_SCENARIO } from '../../engine';
import { useAppStore } from '../../store/appStore';
import type { RecordingProgress } from '../../store/timelineSlice';
import { goToLessonStep, onLessonPath } from './lessonNavigation';
import { useLessonStatus } from './lessonStatus';
import { whenRecorded, type Arrival, type Watched } from './whenRecorded';

const PROGRESS: RecordingProgress = { simMs: 1, untilMs: 10, elapsedMs: 1, stepsPerSecond: 1, etaMs: null };
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

function fakeStore() {
  const timeline = {} as Timeline;
  return createStore<Watched>(() => ({ timeline, recorded: 10, recording: PROGRESS, revision: 1 }));
}

/** The arrival, or 'pending' when it has not come by the next macrotask. */
async function outcome(done: Promise<Arrival>): Promise<Arrival | 'pending'> {
  return Promise.race([done, tick().then(() => 'pending' as const)]);
}

describe('whenRecorded', () => {
  it('waits while `recorded` grows short of the position, resolves once it reaches it', async () => {
    const store = fakeStore();
    const w = whenRecorded(store, 50);
    store.setState({ recorded: 30 });
    expect(await outcome(w.done)).toBe('pending');
    store.setState({ recorded: 49 });
    expect(await outcome(w.done)).toBe('pending');
    store.setState({ recorded: 64 });
    expect(await outcome(w.done)).toBe('recorded');
  });

  it('resolves at once when the run already holds the position', async () => {
    expect(await outcome(whenRecorded(fakeStore(), 10).done)).toBe('recorded');
  });

  it('gives up when another run is loaded, the run branches, or its recording stops short', async () => {
    const a = fakeStore();
    const wa = whenRecorded(a, 50);
    a.setState({ timeline: {} as Timeline, recorded: 80 });
    expect(await outcome(wa.done)).toBe('replaced');
    const b = fakeStore();
    const wb = whenRecorded(b, 50);
    b.setState({ revision: 2, recorded: 80 });
    expect(await outcome(wb.done)).toBe('replaced');
    const c = fakeStore();
    const wc = whenRecorded(c, 50);
    c.setState({ recording: null, recorded: 20 });
    expect(await outcome(wc.done)).toBe('stopped');
    const d = fakeStore();
    const wd = whenRecorded(d, 50);
    wd.cancel();
    d.setState({ recorded: 80 });
    expect(await outcome(wd.done)).toBe('cancelled');
  });

  it('stops listening once settled', async () => {
    const store = fakeStore();
    const w = whenRecorded(store, 20);
    store.setState({ recorded: 25 });
    await w.done;
    // zustand keeps a Set of listeners; none of the helper's is left.
    let calls = 0;
    const off = store.subscribe(() => (calls += 1));
    store.setState({ recorded: 30 });
    off();
    expect(calls).toBe(1);
    expect(await outcome(w.done)).toBe('recorded');
  });
});

describe('goToLessonStep on a run still recording', () => {
  const store = () => useAppStore.getState();
  /** The app's run, shown as if only its first `n` steps had streamed in so far. */
  function streaming(n: number) {
    const timeline = Timeline.record(DEFAULT_SCENARIO);
    useAppStore.setState((s) => ({ timeline, scenario: DEFAULT_SCENARIO, recorded: n, recording: PROGRESS, revision: s.revision + 1, cursor: 0, lesson: null }));
    useAppStore.setState((s) => ({ lesson: { id: 'probe', stop: 2, revision: s.revision, runKey: 'probe' } }));
    return timeline;
  }
  afterEach(() => {
    useAppStore.setState({ lesson: null, recording: null });
    useLessonStatus.setState({ arriving: null, preparing: null });
  });

  it('says it is on its way, keeps the lesson on its path, and moves once the step is recorded', async () => {
    const t = streaming(5);
    const step = Math.min(40, t.length);
    goToLessonStep({ id: 'probe', stop: 2, step, target: 'stop' });
    expect(store().cursor).toBe(0);
    expect(useLessonStatus.getState().arriving).toEqual({ id: 'probe', stop: 2, step, target: 'stop' });
    expect(onLessonPath(store())).toBe(true);
    useAppStore.setState({ recorded: step - 1 });
    await tick();
    expect(store().cursor).toBe(0);
    useAppStore.setState({ recorded: step + 10 });
    await tick();
    expect(store().cursor).toBe(step);
    expect(useLessonStatus.getState().arriving).toBeNull();
  });

  it('moves at once when the step is there (a run recorded whole, as in-thread runs are)', () => {
    const t = streaming(0);
    useAppStore.setState({ recorded: t.length, recording: null });
    goToLessonStep({ id: 'probe', stop: 2, step: Math.min(30, t.length), target: 'stop' });
    expect(store().cursor).toBe(Math.min(30, t.length));
    expect(useLessonStatus.getState().arriving).toBeNull();
  });

  it('the learner’s own move while waiting wins: the player does not jump later', async () => {
    streaming(5);
    goToLessonStep({ id: 'probe', stop: 2, step: 40, target: 'stop' });
    store().setCursor(3);
    useAppStore.setState({ recorded: 60 });
    await tick();
    expect(store().cursor).toBe(3);
    expect(useLessonStatus.getState().arriving).toBeNull();
  });

  it('a later move supersedes the wait (the next stop asked before the first arrived)', async () => {
    streaming(5);
    goToLessonStep({ id: 'probe', stop: 2, step: 40, target: 'stop' });
    goToLessonStep({ id: 'probe', stop: 3, step: 50, target: 'stop' });
    expect(useLessonStatus.getState().arriving).toMatchObject({ stop: 3, step: 50 });
    useAppStore.setState({ recorded: 45 });
    await tick();
    expect(store().cursor).toBe(0);
    useAppStore.setState({ recorded: 55 });
    await tick();
    expect(store().cursor).toBe(50);
  });
});
