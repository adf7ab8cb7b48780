// The narration of faults and restores (a savepoint, an injected failure, a decline, a rescaling
// restore) and of the changelog backend, on real recordings, in English and Chinese.
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIO, Timeline, type EventOf } from '../../engine';
import { narrateStep } from './narrate';
import { en, zh, troubled, changelog, isType, positionOf, eventAt, narrateAt, KEYFRAMES } from './narrationFixtures';

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

  it('the step before a savepoint is triggered already names it a savepoint in its next hint (found in the recording after it)', () => {
    const p = positionOf(
      troubled,
      isType('checkpoint.triggered', (e) => e.isSavepoint),
    );
    const e = eventAt(troubled, p, 'checkpoint.triggered');
    expect(narrateAt(troubled, p - 1).next).toEqual({ position: p, text: `the JobManager triggers savepoint ${e.checkpointId}` });
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
