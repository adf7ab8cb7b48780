// The narration of local recovery on the gallery's example: a restore read from the TaskManager's
// disk, a lost TaskManager, and the subtask that then downloads from remote, in English and Chinese.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parseScenario, Timeline } from '../../engine';
import { narrateStep } from './narrate';
import { en, eventAt, isType, KEYFRAMES, narrateAt, positionOf } from './narrationFixtures';

const parsed = parseScenario(JSON.parse(readFileSync(new URL('../../../scenarios/local-recovery.json', import.meta.url), 'utf8')));
if (!parsed.ok) throw new Error('the example must parse');
const tl = Timeline.record(parsed.scenario, KEYFRAMES);

describe('narration of local recovery', () => {
  it('a keyed subtask restored from its local copy says so, with the bytes read from disk', () => {
    const p = positionOf(tl, isType('restore.localState', (e) => e.source === 'local'));
    const e = eventAt(tl, p, 'restore.localState');
    const n = narrateAt(tl, p);
    expect(n.headline).toMatch(new RegExp(`^${e.task} restores key groups \\[0, 63\\] from the local copy on tm-0: .* read from disk, nothing downloaded`));
    expect(n.why).toMatch(/^Local recovery: the task restarted in its previous slot/);
    expect(narrateAt(tl, p, 'zh').headline).toMatch(/从 tm-0 上的本地副本恢复键组 \[0, 63\]：从磁盘读取 .*，不下载任何文件/);
  });

  it('a lost TaskManager, and its subtask downloading from remote because the new disk is empty', () => {
    const lost = positionOf(tl, isType('taskManager.lost'));
    const n = narrateAt(tl, lost);
    expect(n.headline).toBe('TaskManager tm-1 is lost, and with it its slots: source#1, count#1, sink#1 fail.');
    expect(n.why).toMatch(/^Its local disk goes too: 1 local cop\(ies\) of checkpoints/);
    expect(narrateAt(tl, lost, 'zh').headline).toBe('TaskManager tm-1 丢失，它的 slot 也随之消失：source#1、count#1、sink#1 故障。');
    const remote = positionOf(tl, isType('restore.localState', (e) => e.source === 'remote'), lost);
    // That step also brings the job back to running, which the step's headline tells; the
    // subtask's own narration is what its events say without job.running.
    expect(narrateAt(tl, remote).headline).toMatch(/^The job runs again/);
    const own = tl.eventsAt(remote).filter((e) => e.type !== 'job.running');
    const r = narrateStep(own, tl.stateAt(remote), en, 'en');
    expect(r.headline).toMatch(/^count#1 downloads key groups \[64, 127\] from remote storage: \d+ file\(s\)/);
    expect(r.why).toMatch(/^tm-1’s disk has no local copy of checkpoint \d+ for this slot/);
  });
});
