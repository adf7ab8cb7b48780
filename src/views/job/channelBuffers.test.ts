// The channel buffers of the job graph on real recordings of the shipped back-pressure
// scenarios: credit is never exceeded and adds up, a back-pressured channel has its records
// waiting at the sender, a record keeps its identity from the output queue over the wire into the
// input queue, an unaligned barrier's overtaken buffers are marked persisted, and alignment shows
// the channel blocked at the sender with the records waiting there behind the barrier.
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIO, Timeline } from '../../engine';
import { channelViews, type ChannelView } from './channelBuffers';
import { eventAt, positionsWhere, recordScenarioFile } from './recordedRuns';

const unaligned = recordScenarioFile('scenarios/backpressure-unaligned.json');
const timeout = recordScenarioFile('scenarios/backpressure-aligned-timeout.json');

const records = (list: ChannelView['inQueue']) => list.filter((e) => e.kind === 'record');

describe('channelViews', () => {
  it('keeps credit within capacity and counts it as the engine does (wire + queued)', () => {
    for (const tl of [unaligned, timeout]) {
      for (let pos = 1; pos <= 900; pos++) {
        const state = tl.stateAt(pos);
        for (const ch of channelViews(state)) {
          expect(ch.creditUsed).toBeLessThanOrEqual(ch.capacity);
          expect(ch.wire.filter((e) => e.kind === 'record').length).toBe(ch.inTransit);
          expect(records(ch.inQueue).length).toBe(ch.creditUsed - ch.inTransit);
          expect(ch.outFull).toBe(ch.outQueue.length >= ch.capacity);
        }
      }
    }
  });

  it('shows a back-pressured channel with its record waiting at the sender and no credit left', () => {
    const pos = positionsWhere(unaligned, (e) => e.type === 'channel.backPressured')[0]!;
    const ev = eventAt(unaligned, pos, 'channel.backPressured');
    const ch = channelViews(unaligned.stateAt(pos)).find((c) => c.key === `${ev.task}->${ev.to}`)!;
    expect(ch.outQueue).toHaveLength(1);
    expect(ch.outQueue[0]!.kind).toBe('record');
    expect(ch.creditUsed).toBe(ch.capacity);
  });

  it('a record keeps its id from the output queue onto the wire', () => {
    const pos = positionsWhere(unaligned, (e) => e.type === 'channel.backPressured')[0]!;
    const ev = eventAt(unaligned, pos, 'channel.backPressured');
    const key = `${ev.task}->${ev.to}`;
    const waiting = channelViews(unaligned.stateAt(pos)).find((c) => c.key === key)!.outQueue[0]!;
    let p = pos + 1;
    while (channelViews(unaligned.stateAt(p)).find((c) => c.key === key)!.outQueue.some((e) => e.id === waiting.id)) p++;
    const ch = channelViews(unaligned.stateAt(p)).find((c) => c.key === key)!;
    const onWire = ch.wire.find((e) => e.id === waiting.id);
    expect(onWire).toBeDefined();
    expect(onWire!.progress).toBe(0);
  });

  it('marks the output buffers an unaligned source barrier overtook, and sends the barrier as a priority event', () => {
    const pos = positionsWhere(unaligned, (e) => e.type === 'barrier.overtook' && !!e.task?.startsWith('source') && e.outputRecords > 0)[0]!;
    const ev = eventAt(unaligned, pos, 'barrier.overtook');
    const mine = channelViews(unaligned.stateAt(pos)).filter((c) => c.from === ev.task);
    const persisted = mine.flatMap((c) => c.outQueue).filter((e) => e.kind === 'record' && e.persistedIn === ev.checkpointId);
    expect(persisted).toHaveLength(ev.outputRecords);
    for (const c of mine) {
      const barrier = c.wire.find((e) => e.kind === 'barrier' && e.checkpointId === ev.checkpointId);
      expect(barrier?.kind === 'barrier' && barrier.priority).toBe(true);
      // The barrier left; the buffers it jumped over still wait at the sender.
      expect(c.outQueue.some((e) => e.kind === 'barrier')).toBe(false);
    }
  });

  it('marks the queued input an unaligned barrier overtook at an operator', () => {
    const pos = positionsWhere(unaligned, (e) => e.type === 'barrier.overtook' && !!e.task?.startsWith('count') && e.inputRecords > 0)[0]!;
    const ev = eventAt(unaligned, pos, 'barrier.overtook');
    const into = channelViews(unaligned.stateAt(pos)).filter((c) => c.to === ev.task);
    const persisted = into.flatMap((c) => c.inQueue).filter((e) => e.kind === 'record' && e.persistedIn === ev.checkpointId);
    expect(persisted).toHaveLength(ev.inputRecords);
    // Records still on their way before the barrier of a channel the snapshot waits for: recorded on arrival.
    const waiting = into.filter((c) => ev.waitingFor.includes(c.from));
    for (const c of waiting) {
      const barrierAt = c.wire.findIndex((e) => e.kind === 'barrier' && e.checkpointId === ev.checkpointId);
      c.wire.forEach((e, i) => {
        if (e.kind === 'record') expect(e.recordingFor).toBe(barrierAt < 0 || i < barrierAt ? ev.checkpointId : null);
      });
    }
  });

  // PipelinedSubpartition#pollBuffer (Flink ≥ 1.11): after an aligned barrier the sender's
  // subpartition is blocked, so the records behind it wait at the sender, not at the receiver.
  it('shows the channel blocked at the sender, the records waiting there behind the barrier, and none held at the receiver', () => {
    const pos = positionsWhere(timeout, (e) => e.type === 'record.held')[0]!;
    const ev = eventAt(timeout, pos, 'record.held');
    const ch = channelViews(timeout.stateAt(pos)).find((c) => c.key === `${ev.task}->${ev.to}`)!;
    expect(ch.blockedBy).toBe(ev.checkpointId);
    const waiting = records(ch.outQueue);
    expect(waiting.length).toBe(ev.held);
    expect(waiting.every((e) => e.kind === 'record' && e.blocked)).toBe(true);
    expect(records(ch.inQueue).some((e) => e.kind === 'record' && e.blocked)).toBe(false);
  });

  it('finds nothing queued for credit in the default scenario (instant operators, credit 32): only behind a blocking barrier', () => {
    const tl = Timeline.record(DEFAULT_SCENARIO, { keyframeEvery: 32 });
    for (let pos = 1; pos <= Math.min(400, tl.length); pos += 7) {
      for (const ch of channelViews(tl.stateAt(pos))) {
        if (ch.blockedBy === null) expect(ch.outQueue).toHaveLength(0);
        expect(ch.outFull).toBe(false);
      }
    }
  });
});
