// The narration on real recordings: the default scenario (incremental RocksDB, transactional
// sink), one with a savepoint, an injected task failure, a decline, failing uploads and a
// rescaling restore, and one with the changelog backend. Key steps are found by their events and
// their sentences asserted, a few in Chinese too; then every step of every run is narrated in
// both languages without leftovers.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SCENARIO,
  DEFAULT_SCENARIO_INPUT,
  scenarioOf,
  Simulation,
  Timeline,
  type EngineEvent,
  type EngineState,
  type EventOf,
  type EventType,
  type ScenarioInput,
} from '../../engine';
import { narrate, narrateStep, shortFlinkRef, translator } from './narrate';

const en = translator('en');
const zh = translator('zh');

const KEYFRAMES = { keyframeEvery: 32 };
const plain = Timeline.record(DEFAULT_SCENARIO, KEYFRAMES);

const TROUBLED_INPUT = {
  ...DEFAULT_SCENARIO_INPUT,
  script: [
    { atMs: 1500, do: 'savepoint' },
    { atMs: 2395, do: 'fail', task: 'count#1', phase: 'async' },
    { atMs: 4400, do: 'decline', task: 'count#0' },
    { atMs: 6000, do: 'restore', checkpoint: 'latest', parallelism: 3 },
  ],
} as ScenarioInput;
const troubled = Timeline.record(scenarioOf(TROUBLED_INPUT), KEYFRAMES);

const CHANGELOG_INPUT = {
  ...DEFAULT_SCENARIO_INPUT,
  stateBackend: { type: 'hashmap', changelog: { enabled: true, materializationIntervalMs: 1500 } },
  script: [{ atMs: 5000, do: 'fail', task: 'count#0', phase: 'now' }],
} as ScenarioInput;
const changelog = Timeline.record(scenarioOf(CHANGELOG_INPUT), KEYFRAMES);

/** Unaligned checkpoints on a back-pressured job (a slow operator, small channels). */
const UNALIGNED_INPUT = {
  ...DEFAULT_SCENARIO_INPUT,
  job: {
    ...DEFAULT_SCENARIO_INPUT.job,
    operators: [{ name: 'count', state: 'value', processingMs: 100 }],
    channelCapacity: 2,
  },
  checkpointing: { intervalMs: 1000, numRetained: 2, unaligned: true },
  script: [{ atMs: 3000, do: 'fail', task: 'count#0', phase: 'now' }],
} as ScenarioInput;
const unaligned = Timeline.record(scenarioOf(UNALIGNED_INPUT), KEYFRAMES);

/** Aligned checkpoints with a timeout, the operator so slow that barriers wait in the sources' output queues. */
const OUTPUT_TIMEOUT_INPUT = {
  ...UNALIGNED_INPUT,
  job: { ...UNALIGNED_INPUT.job, operators: [{ name: 'count', state: 'value', processingMs: 150 }] },
  checkpointing: { intervalMs: 1000, numRetained: 2, unaligned: true, alignedCheckpointTimeoutMs: 100 },
  script: [],
} as ScenarioInput;
const outputTimeout = Timeline.record(scenarioOf(OUTPUT_TIMEOUT_INPUT), KEYFRAMES);

/** The first position after `from` whose step has an event matching `match`. */
function positionOf(tl: Timeline, match: (e: EngineEvent) => boolean, from = 0): number {
  const i = tl.records().findIndex((r, idx) => idx >= from && r.events.some(match));
  if (i < 0) throw new Error('no such step');
  return i + 1;
}

function eventAt<T extends EventType>(tl: Timeline, position: number, type: T): EventOf<T> {
  return tl.eventsAt(position).find((e) => e.type === type) as EventOf<T>;
}

function narrateAt(tl: Timeline, position: number, lang: 'en' | 'zh' = 'en') {
  return narrate(tl.records(), position, tl.stateAt(position), lang === 'en' ? en : zh, lang);
}

const isType =
  <T extends EventType>(type: T, extra: (e: EventOf<T>) => boolean = () => true) =>
  (e: EngineEvent): boolean =>
    e.type === type && extra(e as EventOf<T>);

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
      `Barrier 1 reached ${e.task} from ${e.from} (1 of 2 inputs); ${e.task} blocks that channel until the barrier arrives on the others.`,
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
      /^Checkpoint 1 is complete: every subtask acknowledged, so the JobManager wrote its _metadata \(.+ uploaded for it, .+ in all\)\.$/,
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

describe('narration of faults and restores (savepoint, failure, decline, rescaling restore)', () => {
  it('a savepoint is triggered and completes, never subsumed', () => {
    const p = positionOf(
      troubled,
      isType('checkpoint.triggered', (e) => e.isSavepoint),
    );
    expect(narrateAt(troubled, p).why).toBe(
      'Savepoints are always aligned and never subsumed by checkpoints; 6 subtasks must acknowledge it.',
    );
    const done = positionOf(
      troubled,
      isType('checkpoint.completed', (e) => e.isSavepoint),
    );
    const n = narrateAt(troubled, done);
    expect(n.headline).toMatch(/^Savepoint \d+ is complete/);
    expect(n.why).toMatch(/^A savepoint never registers shared files/);
  });

  it('the injected task failure fails the job over to the latest completed checkpoint; next the job runs again', () => {
    const p = positionOf(troubled, isType('job.failed'));
    const e = eventAt(troubled, p, 'job.failed');
    const id = /checkpoint (\d+)/.exec(e.reason)![1];
    const n = narrateAt(troubled, p);
    expect(n.headline).toBe(
      `The job fails: count#1 failed while uploading checkpoint ${id} (injected).`,
    );
    expect(n.why).toBe(
      `Every task is cancelled (pending checkpoints and open transactions are aborted) and the job restarts from checkpoint ${e.restartFrom}, the latest completed one; sources rewind to its offsets and read the records after it again.`,
    );
    const running = positionOf(troubled, isType('job.running'), p);
    expect(n.next).toEqual({ position: running, text: 'the job runs again' });
    const z = narrateAt(troubled, p, 'zh');
    expect(z.headline).toBe(`作业故障：count#1 在上传检查点 ${id} 时发生故障（注入）。`);
    expect(z.next?.text).toBe('作业重新运行');
    const r = narrateAt(troubled, running);
    expect(r.headline).toBe(`The job runs again (restart 1) from checkpoint ${e.restartFrom}.`);
  });

  it('a restored sink commits or aborts what its checkpoint left pending', () => {
    const p = positionOf(troubled, isType('sink.recoverAndCommit'));
    const rc = eventAt(troubled, p, 'sink.recoverAndCommit');
    const n = narrateAt(troubled, p);
    expect(n.headline).toBe(
      `${rc.task} restores the transactions that were pending at checkpoint ${rc.restoredCheckpointId}.`,
    );
    if (rc.outcome === 'already-committed')
      expect(n.why).toContain(
        `${rc.transaction} was committed before the failure; committing it again changes nothing.`,
      );
  });

  it('a decline is narrated with the tolerable-failed-checkpoints rule', () => {
    const p = positionOf(troubled, isType('checkpoint.declined'));
    const e = eventAt(troubled, p, 'checkpoint.declined');
    const n = narrateAt(troubled, p);
    expect(n.headline).toBe(
      `count#0 declines checkpoint ${e.checkpointId}: a decline was injected.`,
    );
    expect(n.why).toContain(
      'more than tolerable-failed-checkpoints = 0 consecutive failures fail the job',
    );
    expect(n.next?.position).toBe(
      positionOf(
        troubled,
        isType('checkpoint.aborted', (a) => a.checkpointId === e.checkpointId),
        p,
      ),
    );
    const aborted = narrateAt(troubled, n.next!.position);
    expect(aborted.headline).toBe(
      `The job fails: more than 0 consecutive checkpoint failure(s) (tolerable-failed-checkpoints = 0).`,
    );
  });

  it('a restore at another parallelism explains the key-group split, in both languages', () => {
    const p = positionOf(
      troubled,
      isType('restore.started', (e) => e.parallelism === 3),
    );
    const e = eventAt(troubled, p, 'restore.started');
    const n = narrateAt(troubled, p);
    expect(n.headline).toBe(
      `Restoring from checkpoint ${e.checkpointId}: the running job is cancelled and chk-${e.checkpointId}/_metadata is read back.`,
    );
    expect(n.why).toBe(
      'Parallelism 2 → 3: the 128 key groups are split into 3 new ranges, each subtask reading its range from every old handle that overlaps it; source partitions are redistributed as operator state.',
    );
    expect(narrateAt(troubled, p, 'zh').why).toBe(
      '并行度 2 → 3：128 个键组被重新划分为 3 个范围，每个子任务从所有与之重叠的旧状态句柄中读取自己的范围；Source 分区作为算子状态重新分配。',
    );
    const keyed = positionOf(
      troubled,
      isType('restore.taskRestored', (r) => r.task === 'count#2'),
      p,
    );
    const r = eventAt(troubled, keyed, 'restore.taskRestored');
    expect(narrateAt(troubled, keyed).headline).toMatch(
      new RegExp(
        `^count#2 restores key groups \\[${r.keyGroupRange!.startKeyGroup}, ${r.keyGroupRange!.endKeyGroup}\\]: ${r.files.length} file\\(s\\), .+ downloaded, ${r.entries} entries rebuilt\\.$`,
      ),
    );
  });

  it('actions applied at the cursor: a manual flush and compaction are told as the user’s', () => {
    const tl = Timeline.record(DEFAULT_SCENARIO, KEYFRAMES);
    const at = positionOf(tl, isType('sst.flushed')) + 40;
    const flushStep = tl.branch(at, { do: 'flush', task: 'count#0' });
    const flush = narrateAt(tl, flushStep);
    expect(flush.byUser).toBe(true);
    expect(flush.headline).toMatch(/^count#0 flushes a memtable of "count-state" to L0 SST \d+/);
    expect(flush.why).toMatch(/^You asked for a flush/);
    const ssts = tl
      .eventsAt(flushStep)
      .filter((e): e is EventOf<'sst.flushed'> => e.type === 'sst.flushed')
      .map((e) => e.sst);
    const compactStep = tl.branch(flushStep, { do: 'compact', task: 'count#0', files: ssts });
    const compact = narrateAt(tl, compactStep);
    expect(compact.byUser).toBe(true);
    expect(compact.headline).toMatch(
      new RegExp(`^Compaction at count#0 is done: \\(${ssts.join(', ')}\\) → SST \\d+`),
    );
    const armStep = tl.branch(compactStep, { do: 'fail', task: 'count#1', phase: 'sync' });
    const arm = narrateAt(tl, armStep);
    expect(arm.headline).toBe(
      'Fault armed: count#1 will fail in the synchronous part of its next checkpoint.',
    );
    expect(arm.next?.position).toBe(positionOf(tl, isType('job.failed'), armStep));
    expect(narrateAt(tl, arm.next!.position).headline).toMatch(
      /^The job fails: count#1 failed in the synchronous part of checkpoint \d+ \(injected\)\.$/,
    );
  });
});

describe('narration of the changelog backend', () => {
  it('a checkpoint persists the changelog instead of uploading the state table', () => {
    const p = positionOf(
      changelog,
      isType('changelog.persisted', (e) => e.checkpointId !== null && e.task === 'count#0'),
    );
    const e = eventAt(changelog, p, 'changelog.persisted');
    expect(narrateAt(changelog, p).why).toBe(
      `With the changelog backend the snapshot points into the DSTL: the changes of SQN [${e.fromSqn}, ${e.toSqn}) must be persisted; the state table itself is not uploaded.`,
    );
  });

  it('materialization starts, completes, and leads to truncation', () => {
    const p = positionOf(changelog, isType('changelog.materialization.started'));
    const e = eventAt(changelog, p, 'changelog.materialization.started');
    const n = narrateAt(changelog, p);
    expect(n.headline).toMatch(
      new RegExp(
        `^${e.task} starts materialization m${e.materializationId}: sync point SQN ${e.upToSqn};`,
      ),
    );
    expect(narrateAt(changelog, p, 'zh').headline).toMatch(
      new RegExp(`^${e.task} 开始物化 m${e.materializationId}：同步点 SQN ${e.upToSqn}；`),
    );
    expect(n.next?.text).toBe(`${e.task} completes materialization m${e.materializationId}`);
    const done = n.next!.position;
    const d = narrateAt(changelog, done);
    expect(d.headline).toMatch(
      new RegExp(`^${e.task} completes materialization m${e.materializationId} \\(`),
    );
    const truncation = positionOf(
      changelog,
      isType('changelog.truncated', (t) => t.task === e.task),
      done,
    );
    expect(d.next?.position).toBe(truncation);
    const t = eventAt(changelog, truncation, 'changelog.truncated');
    const tn = narrateStep([t], changelog.stateAt(truncation), en, 'en');
    expect(tn.headline).toMatch(
      new RegExp(
        `^${e.task} truncates its changelog below SQN ${t.toSqn}: ${t.releasedChangeSets} change set\\(s\\)`,
      ),
    );
    expect(tn.why).toMatch(
      /^Reason: (checkpoint \d+ subsumed|materialization \d+ covers the changes below \d+)\./,
    );
    expect(narrateStep([t], changelog.stateAt(truncation), zh, 'zh').why).toMatch(
      /^原因：(检查点 \d+ 被取代|物化 \d+ 覆盖了 \d+ 之前的变更)。/,
    );
  });

  it('DSTL uploads are batched per TaskManager', () => {
    const p = positionOf(changelog, isType('dstl.uploadStarted'));
    const e = eventAt(changelog, p, 'dstl.uploadStarted');
    const n = narrateAt(changelog, p);
    expect(n.headline).toMatch(
      new RegExp(
        `^${e.taskManager} writes ${e.changeSets} change set\\(s\\) of ${e.writers.join(', ')} into one DSTL file`,
      ),
    );
    expect(n.next?.position).toBe(
      positionOf(
        changelog,
        isType('dstl.uploaded', (u) => u.batchId === e.batchId && u.taskManager === e.taskManager),
        p,
      ),
    );
  });
});

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
