// Subtask badges of the job graph on real recordings: a source stopped by back-pressure, a busy
// slow operator, alignment with the aligned-checkpoint timeout counting down, the switch to
// unaligned when it expires, channel state counted as the engine persisted it, and the
// transactional sink's open and pre-committed transactions.
import { describe, expect, it } from 'vitest';
import { transactionsOf } from '../../engine';
import { taskStatus } from './taskStatus';
import { eventAt, positionsWhere, recordScenarioFile } from './recordedRuns';

const unaligned = recordScenarioFile('scenarios/backpressure-unaligned.json');
const timeout = recordScenarioFile('scenarios/backpressure-aligned-timeout.json');

describe('taskStatus', () => {
  it('marks a source that stopped reading and an operator whose output is full', () => {
    let stopped = 0;
    let busy = 0;
    for (let pos = 1; pos <= 600; pos++) {
      const state = unaligned.stateAt(pos);
      for (const s of state.job.topology.subtasks) {
        const st = taskStatus(state, s.name);
        if (st.stoppedReading) {
          stopped++;
          expect(st.task.startsWith('source')).toBe(true);
          // A source stops only when an output queue is full.
          expect(st.backPressured).toBe(true);
        }
        if (st.busy) busy++;
      }
    }
    expect(stopped).toBeGreaterThan(0);
    expect(busy).toBeGreaterThan(0);
  });

  it('counts down the aligned-checkpoint timeout while aligning, then shows the switch to unaligned', () => {
    const pos = positionsWhere(timeout, (e) => e.type === 'barrier.alignmentTimedOut')[0]!;
    const ev = eventAt(timeout, pos, 'barrier.alignmentTimedOut');
    const before = taskStatus(timeout.stateAt(pos - 1), ev.task);
    const countdown = before.aligning?.timeoutInMs ?? before.timeoutPending?.inMs;
    expect(countdown).toBeDefined();
    expect(countdown).toBeGreaterThanOrEqual(0);
    const after = taskStatus(timeout.stateAt(pos), ev.task);
    expect(after.aligning).toBeNull();
    const cs = after.channelState.find((c) => c.checkpointId === ev.checkpointId)!;
    expect(cs.afterTimeout).toBe(true);
  });

  it('counts channel state as the engine persisted it, and keeps it until the checkpoint completes', () => {
    const pos = positionsWhere(unaligned, (e) => e.type === 'channel.statePersisted' && e.inputRecords + e.outputRecords > 0)[0]!;
    const ev = eventAt(unaligned, pos, 'channel.statePersisted');
    const st = taskStatus(unaligned.stateAt(pos), ev.task);
    expect(st.channelState.find((c) => c.checkpointId === ev.checkpointId)?.records).toBe(ev.inputRecords + ev.outputRecords);
    const done = positionsWhere(unaligned, (e) => e.type === 'checkpoint.completed' && e.checkpointId === ev.checkpointId)[0]!;
    const ack = positionsWhere(unaligned, (e) => e.type === 'checkpoint.acknowledged' && e.task === ev.task && e.checkpointId === ev.checkpointId)[0]!;
    expect(ack).toBeLessThan(done);
    const acked = taskStatus(unaligned.stateAt(ack), ev.task).channelState.find((c) => c.checkpointId === ev.checkpointId);
    expect(acked?.records).toBe(ev.inputRecords + ev.outputRecords);
    expect(taskStatus(unaligned.stateAt(done), ev.task).channelState.some((c) => c.checkpointId === ev.checkpointId)).toBe(false);
  });

  it('counts a transactional sink’s open and pre-committed transactions', () => {
    const pos = positionsWhere(unaligned, (e) => e.type === 'sink.preCommit')[0]!;
    const ev = eventAt(unaligned, pos, 'sink.preCommit');
    const state = unaligned.stateAt(pos);
    const st = taskStatus(state, ev.task);
    const mine = transactionsOf(state.job.output).filter((t) => t.task === ev.task);
    expect(st.transactions).toEqual({ open: mine.filter((t) => t.status === 'open').length, preCommitted: mine.filter((t) => t.status === 'pre-committed').length });
    expect(st.transactions!.preCommitted).toBeGreaterThan(0);
    expect(taskStatus(state, 'count#0').transactions).toBeNull();
  });
});
