// The narration of unaligned checkpoints, back-pressure and the output-side alignment timeout;
// then every step of every recording narrated in both languages without leftovers.
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIO, scenarioOf, Simulation, type EngineState, type EventOf } from '../../engine';
import { narrateStep } from './narrate';
import { en, zh, changelog, unaligned, outputTimeout, isType, TROUBLED_INPUT, CHANGELOG_INPUT, UNALIGNED_INPUT, OUTPUT_TIMEOUT_INPUT, positionOf, eventAt, narrateAt } from './narrationFixtures';

describe('narration of unaligned checkpoints and back-pressure', () => {
  it('the barrier overtakes queued records, which become channel state', () => {
    const p = positionOf(
      unaligned,
      isType('barrier.overtook', (e) => e.inputRecords > 0 && !e.task!.startsWith('source#')),
    );
    const e = eventAt(unaligned, p, 'barrier.overtook');
    const n = narrateAt(unaligned, p);
    expect(n.headline).toBe(
      `Unaligned checkpoint ${e.checkpointId}: the barrier reached ${e.task} and overtook ${e.inputRecords} queued input and ${e.outputRecords} waiting output record(s); ${e.task} snapshots at once and forwards the barrier.`,
    );
    expect(n.why).toMatch(
      /^The records it jumped over are persisted as channel state with the snapshot/,
    );
    expect(narrateAt(unaligned, p, 'zh').headline).toMatch(
      new RegExp(
        `^非对齐检查点 ${e.checkpointId}：屏障到达 ${e.task}，越过 ${e.inputRecords} 条排队的输入`,
      ),
    );
  });

  it('a barrier stuck in a sender\'s output queue times out into a priority barrier', () => {
    const p = positionOf(outputTimeout, isType('barrier.outputTimedOut'));
    const e = eventAt(outputTimeout, p, 'barrier.outputTimedOut');
    const n = narrateAt(outputTimeout, p);
    expect(n.headline).toBe(
      `${e.task}’s barrier of checkpoint ${e.checkpointId} still waits in its output queue behind records without credit ${e.afterMs} ms after the trigger, so it jumps ahead as a priority (unaligned) barrier to ${e.channels.join(', ')}.`,
    );
    expect(n.why).toContain(`the ${e.outputRecords} record(s) it overtook are persisted as output channel state`);
    expect(n.flinkRef).toMatch(/PipelinedSubpartition#alignedBarrierTimeout$/);
    expect(narrateAt(outputTimeout, p, 'zh').headline).toMatch(new RegExp(`^${e.task} 的检查点 ${e.checkpointId} 屏障在触发 ${e.afterMs} 毫秒后`));
  });

  it('back-pressure and its release', () => {
    const p = positionOf(unaligned, isType('channel.backPressured'));
    const e = eventAt(unaligned, p, 'channel.backPressured');
    const n = narrateAt(unaligned, p);
    expect(n.headline).toBe(
      `No credit on the channel to ${e.to} (capacity 2): ${e.queued} record(s) queue at the sender.`,
    );
    expect(n.next?.text).toBe(`the channel to ${e.to} gets credit again`);
  });

  it('from an injection, "next" is the first downstream task to snapshot', () => {
    const p = positionOf(unaligned, isType('barrier.injected'));
    expect(narrateAt(unaligned, p).next?.text).toMatch(
      /^count#\d takes its synchronous snapshot for checkpoint 1$/,
    );
  });

  it('a restarted job processes the restored in-flight records first', () => {
    const p = positionOf(unaligned, isType('job.running'));
    const inFlight = unaligned
      .eventsAt(p)
      .filter((e): e is EventOf<'restore.channelState'> => e.type === 'restore.channelState')
      .reduce((n, e) => n + e.records, 0);
    if (inFlight > 0)
      expect(narrateAt(unaligned, p).why).toContain(
        `${inFlight} in-flight record(s) restored from channel state`,
      );
  });
});

describe('every step of every run', () => {
  it('has a narration in English and Chinese with no unfilled placeholder, and falls back to the event text only where no narrator applies', () => {
    const scenarios = [
      DEFAULT_SCENARIO,
      scenarioOf(TROUBLED_INPUT),
      scenarioOf(CHANGELOG_INPUT),
      scenarioOf(UNALIGNED_INPUT),
      scenarioOf(OUTPUT_TIMEOUT_INPUT),
    ];
    const fallbacks = new Set<string>();
    for (const s of scenarios) {
      const sim = Simulation.create(s);
      for (
        let events = sim.step();
        events !== null && sim.nowMs <= s.untilMs;
        events = sim.step()
      ) {
        const state = sim.state as EngineState;
        for (const [tr, lang] of [
          [en, 'en'],
          [zh, 'zh'],
        ] as const) {
          const n = narrateStep(events, state, tr, lang);
          const text = `${n.headline} ${n.why}`;
          expect(text, `${lang} ${events.map((e) => e.type).join('+')}`).not.toMatch(
            /\{\w+\}|undefined|NaN|\[object/,
          );
          expect(n.headline.length).toBeGreaterThan(5);
          if (events.length > 0 && n.why === '' && n.primary !== 'user.action')
            fallbacks.add(n.primary ?? '');
        }
      }
    }
    expect([...fallbacks]).toEqual([]);
  });

  it('falls back to the event text for an event no narrator tells', () => {
    const p = positionOf(changelog, isType('changelog.restore.read'), 0);
    const read = changelog.eventsAt(p).filter((e) => e.type === 'changelog.restore.read');
    const n = narrateStep(read, changelog.stateAt(p), en, 'en');
    expect(n.primary).toBe('changelog.restore.read');
    expect(n.headline).toMatch(/^Read .* at offset \d+/);
  });
});
