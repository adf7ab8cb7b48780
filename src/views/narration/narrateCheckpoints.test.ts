// The narration of one checkpoint, step by step, on the default scenario's recording: key steps
// are found by their events and their sentences asserted, a few in Chinese too.
import { describe, expect, it } from 'vitest';
import { type EventOf } from '../../engine';
import { narrateStep, shortFlinkRef } from './narrate';
import { en, zh, plain, isType, positionOf, eventAt, narrateAt } from './narrationFixtures';

describe('narration of a checkpoint, step by step (default scenario)', () => {
  it('before the first step says nothing happened yet and points at the job start', () => {
    const n = narrateAt(plain, 0);
    expect(n.headline).toBe('Nothing has happened yet: the job is about to start.');
    expect(n.next).toEqual({ position: 1, text: 'the job starts' });
  });

  it('the trigger: the JobManager starts checkpoint 1; next, a source injects its barrier', () => {
    const p = positionOf(plain, isType('checkpoint.triggered'));
    const n = narrateAt(plain, p);
    expect(n.headline).toBe(
      'The JobManager triggers checkpoint 1 and asks every source to inject a barrier.',
    );
    expect(n.why).toBe(
      'The checkpoint interval (1000 ms) has passed; a PendingCheckpoint now waits for 6 acknowledgements or the timeout.',
    );
    expect(n.flinkRef).toBe(
      'org.apache.flink.runtime.checkpoint.CheckpointCoordinator#triggerCheckpoint',
    );
    const injected = positionOf(plain, isType('barrier.injected'), p);
    expect(n.next).toEqual({
      position: injected,
      text: `${eventAt(plain, injected, 'barrier.injected').task} injects barrier 1`,
    });
    expect(narrateAt(plain, p, 'zh').headline).toBe(
      'JobManager 触发检查点 1，要求每个 Source 注入屏障。',
    );
  });

  it('a source injects the barrier after snapshotting its offsets', () => {
    const p = positionOf(plain, isType('barrier.injected'));
    const e = eventAt(plain, p, 'barrier.injected');
    expect(narrateAt(plain, p).headline).toBe(
      `${e.task} snapshots its read offsets for checkpoint 1 and injects barrier 1 into its 2 output channel(s).`,
    );
  });

  it('a blocked channel waits for alignment', () => {
    const p = positionOf(
      plain,
      isType('barrier.received', (e) => e.blocked && e.arrived === 1),
    );
    const e = eventAt(plain, p, 'barrier.received');
    const n = narrateAt(plain, p);
    expect(n.headline).toBe(
      `Barrier 1 reached ${e.task} from ${e.from} (1 of 2 inputs); that channel stays blocked at ${e.from} until the barrier arrives on the others.`,
    );
    const aligned = positionOf(
      plain,
      isType('barrier.aligned', (a) => a.task === e.task),
      p,
    );
    expect(n.next).toEqual({
      position: aligned,
      text: `${e.task} completes alignment for checkpoint 1`,
    });
  });

  it('alignment completes on the last input: the synchronous snapshot, the flush, the barrier forwarded; next the acknowledgement', () => {
    const p = positionOf(
      plain,
      isType('barrier.aligned', (e) => e.task === 'count#1'),
    );
    const received = eventAt(plain, p, 'barrier.received');
    const sync = eventAt(plain, p, 'checkpoint.syncSnapshot');
    const flushed = eventAt(plain, p, 'sst.flushed');
    const n = narrateAt(plain, p);
    expect(n.headline).toBe(
      `The barrier of checkpoint 1 reached count#1 on its last input (${received.from}, 2 of 2); alignment is complete, so count#1 takes its synchronous snapshot and forwards the barrier.`,
    );
    expect(n.why).toBe(
      `It flushes the memtable to L0 SST ${flushed.sst} and takes a RocksDB native checkpoint; ${sync.uploads} file(s) upload in the asynchronous part (~${sync.asyncDurationMs} ms) while records flow again.`,
    );
    expect(shortFlinkRef(n.flinkRef)).toBe('SingleCheckpointBarrierHandler#triggerCheckpoint');
    const ack = positionOf(
      plain,
      isType('checkpoint.acknowledged', (a) => a.task === 'count#1' && a.checkpointId === 1),
      p,
    );
    expect(n.next).toEqual({ position: ack, text: 'count#1 acknowledges checkpoint 1' });
    const z = narrateAt(plain, p, 'zh');
    expect(z.headline).toBe(
      `检查点 1 的屏障从 ${received.from} 到达 count#1，这是它最后一个输入（2/2）；对齐完成，count#1 执行同步阶段快照并向下游转发屏障。`,
    );
    expect(z.next?.text).toBe('count#1 确认检查点 1');
  });

  it('the sink pre-commits its transaction at the barrier', () => {
    const p = positionOf(plain, isType('sink.preCommit'));
    const pre = eventAt(plain, p, 'sink.preCommit');
    const n = narrateAt(plain, p);
    expect(n.headline).toBe(
      `The barrier of checkpoint 1 reached ${pre.task} on its only input, so ${pre.task} takes its synchronous snapshot and forwards the barrier.`,
    );
    expect(n.why).toBe(
      `The sink pre-commits transaction ${pre.transaction} (${pre.records} record(s)) and opens a new one; ${pre.transaction} is committed only when checkpoint 1 completes.`,
    );
  });

  it('the asynchronous part uploads only new SSTs (incremental)', () => {
    const p = positionOf(
      plain,
      isType('checkpoint.asyncCompleted', (e) => e.task === 'count#0'),
    );
    const files = plain
      .eventsAt(p)
      .filter((e): e is EventOf<'file.uploaded'> => e.type === 'file.uploaded');
    const n = narrateAt(plain, p);
    expect(n.headline).toMatch(
      new RegExp(
        `^count#0 finishes the asynchronous part of checkpoint 1: ${files.length} file\\(s\\), .* uploaded in \\d+ ms\\.$`,
      ),
    );
    expect(n.why).toContain(`(${files.filter((f) => f.sst !== null).length} new)`);
  });

  it('an acknowledgement counts down to completion', () => {
    const p = positionOf(
      plain,
      isType('checkpoint.acknowledged', (e) => e.acknowledged === 1),
    );
    const n = narrateAt(plain, p);
    expect(n.why).toBe(
      '5 subtask(s) still to go: the checkpoint completes only when every subtask has acknowledged.',
    );
    expect(n.next?.position).toBe(positionOf(plain, isType('checkpoint.completed')));
    expect(n.next?.text).toBe('checkpoint 1 completes');
  });

  it('completion writes _metadata and notifies the tasks; next the sink commits', () => {
    const p = positionOf(plain, isType('checkpoint.completed'));
    const n = narrateAt(plain, p);
    expect(n.headline).toMatch(
      /^Checkpoint 1 is complete: every subtask acknowledged, so the JobManager wrote its _metadata file \(.+\)\. Checkpointed size .+ \(what the subtasks persisted for it\), full size .+ \(all the state it refers to\)\.$/,
    );
    expect(n.why).toBe(
      'Retained now: 1. Every task is told notifyCheckpointComplete(1); a transactional sink commits what it pre-committed.',
    );
    const commit = positionOf(plain, isType('sink.commit'), p);
    const c = eventAt(plain, commit, 'sink.commit');
    expect(n.next).toEqual({ position: commit, text: `${c.task} commits ${c.transaction}` });
    const cn = narrateAt(plain, commit);
    expect(cn.headline).toBe(
      `${c.task} commits transaction ${c.transaction}: ${c.records} record(s) become visible downstream.`,
    );
  });

  it('subsumption: the third completion drops checkpoint 1 and deletes what no retained checkpoint needs', () => {
    const p = positionOf(plain, isType('checkpoint.subsumed'));
    const deleted = plain.eventsAt(p).filter((e) => e.type === 'file.discarded').length;
    const n = narrateAt(plain, p);
    expect(n.headline).toMatch(/^Checkpoint 3 is complete/);
    expect(n.why).toBe(
      `Checkpoint 1 drops out of the retained set (num-retained = 2) and ${deleted} file(s) no retained checkpoint needs are deleted; tasks are told notifyCheckpointComplete(3).`,
    );
    expect(narrateAt(plain, p, 'zh').why).toBe(
      `检查点 1 超出保留数量（num-retained = 2）被取代，${deleted} 个不再被任何保留检查点使用的文件被删除；任务收到 notifyCheckpointComplete(3)。`,
    );
  });

  it('file deletion names the registry reason', () => {
    const p = positionOf(plain, isType('checkpoint.subsumed'));
    const state = plain.stateAt(p);
    const files = plain
      .eventsAt(p)
      .filter((e): e is EventOf<'file.discarded'> => e.type === 'file.discarded');
    const subsumedFiles = files.filter((f) => /subsumed by/.test(f.reason));
    const n = narrateStep(subsumedFiles, state, en, 'en');
    expect(n.headline).toMatch(
      new RegExp(
        `^${subsumedFiles.length} file\\(s\\) deleted \\(.+\\): checkpoint 1 subsumed by 3\\.$`,
      ),
    );
    expect(n.why).toBe(
      'That checkpoint left the retained set, and no other checkpoint uses the files of its own directory.',
    );
    expect(narrateStep(subsumedFiles, state, zh, 'zh').headline).toMatch(/：检查点 1 被 3 取代。$/);
    const lastUsed = files.filter((f) => /last used below/.test(f.reason));
    if (lastUsed.length > 0) {
      expect(narrateStep(lastUsed, state, en, 'en').why).toMatch(/^Registry of Flink 1\.15\+/);
    }
  });

  it('a compaction starts on the L0 trigger and finishes into a new SST', () => {
    const p = positionOf(plain, isType('compaction.finished'));
    const e = eventAt(plain, p, 'compaction.finished');
    const n = narrateAt(plain, p);
    expect(n.headline).toBe(
      `Compaction at ${e.task} is done: (${e.inputs.join(', ')}) → SST ${e.outputs.join(', ')} at L${e.outputLevel} (${e.bytesWritten} B written).`,
    );
    expect(n.why).toContain(`the next incremental checkpoint must upload ${e.outputs.join(', ')}`);
    // The checkpoint's flush fills L0 up to the trigger: the sync step mentions the compaction it starts.
    const started = positionOf(plain, isType('compaction.started'));
    const c = eventAt(plain, started, 'compaction.started');
    expect(narrateAt(plain, started).why).toContain(
      `The new L0 file also starts a compaction of SSTs ${c.inputs.join(', ')}.`,
    );
    const alone = narrateStep([c], plain.stateAt(started), en, 'en');
    expect(alone.headline).toBe(`${c.task} starts compacting SSTs ${c.inputs.join(', ')} into L1.`);
    expect(alone.why).toContain('level0_file_num_compaction_trigger (4 files)');
  });

  it('record traffic: emitted, state updated, received', () => {
    const emitted = positionOf(plain, isType('source.emitted'));
    const e = eventAt(plain, emitted, 'source.emitted');
    expect(narrateAt(plain, emitted).headline).toBe(
      `${e.task} reads ${String(e.key)}=${e.value} from partition p${e.partition} at offset ${e.offset}; keyBy sends it to ${e.to}.`,
    );
    const updated = positionOf(plain, isType('state.updated'));
    expect(narrateAt(plain, updated).why).toMatch(/^RocksDB writes it to the active memtable/);
    const received = positionOf(plain, isType('sink.received'));
    expect(narrateAt(plain, received).why).toBe(
      'It goes into the open transaction and stays invisible downstream until a checkpoint that covers it completes.',
    );
  });
});
