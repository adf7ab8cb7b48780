// Each number the narration gives is what it says (issue 14, bug 8): the _metadata file's own size
// beside the checkpoint's checkpointed and full sizes; a changelog checkpoint says which DSTL
// upload holds its changes instead of "nothing to upload"; and a step without events says what
// the engine handled in it instead of "No event in this step".
import { describe, expect, it } from 'vitest';
import { formatBytes } from '../format';
import { changelog, zh, en as en_, eventAt, isType, narrateAt, positionOf, unaligned, outputTimeout, plain } from './narrationFixtures';
import type { Timeline } from '../../engine';

describe('numbers in the narration', () => {
  it('completion names the _metadata file size apart from the checkpointed and full sizes', () => {
    const p = positionOf(plain, isType('checkpoint.completed'));
    const done = eventAt(plain, p, 'checkpoint.completed');
    const meta = plain.eventsAt(p).find((e) => e.type === 'file.uploaded' && e.path === done.metadataPath);
    expect(meta?.type).toBe('file.uploaded');
    const size = meta!.type === 'file.uploaded' ? meta!.size : 0;
    const n = narrateAt(plain, p);
    expect(n.headline).toContain(`wrote its _metadata file (${formatBytes(size)})`);
    expect(n.headline).toContain(`Checkpointed size ${formatBytes(done.checkpointedSize)}`);
    expect(n.headline).toContain(`full size ${formatBytes(done.stateSize)}`);
    expect(narrateAt(plain, p, 'zh').headline).toContain(`_metadata 文件（${formatBytes(size)}）`);
  });

  it('a changelog subtask finishing its snapshot names the DSTL file its change sets went into', () => {
    const p = positionOf(changelog, isType('checkpoint.asyncCompleted', (e) => e.changelog !== undefined && e.changelog.dstlFiles.length > 0));
    const e = eventAt(changelog, p, 'checkpoint.asyncCompleted');
    const c = e.changelog!;
    // The file was written by the TaskManager's DSTL upload, in an earlier step.
    const upload = changelog.records().findIndex((r) => r.events.some((u) => u.type === 'dstl.uploaded' && u.file === c.dstlFiles[0]));
    expect(upload).toBeGreaterThanOrEqual(0);
    expect(upload + 1).toBeLessThan(p);
    const n = narrateAt(changelog, p);
    expect(n.headline).not.toMatch(/nothing to upload/);
    expect(n.headline).toContain(`SQN [${c.fromSqn}, ${c.toSqn}) (${formatBytes(c.deltaBytes)})`);
    expect(n.headline).toContain(c.dstlFiles[0]!.split('/').pop()!);
    expect(narrateAt(changelog, p, 'zh').headline).toContain('DSTL 文件');
  });
});

function quietPositions(tl: Timeline): number[] {
  return tl.records().flatMap((r, i) => (r.events.length === 0 ? [i + 1] : []));
}

describe('steps without events', () => {
  it.each([
    ['unaligned under back-pressure', unaligned],
    ['aligned with a timeout', outputTimeout],
  ])('%s: every such step says what it handled, in both languages', (_name, tl) => {
    const quiet = quietPositions(tl);
    expect(quiet.length).toBeGreaterThan(0);
    for (const p of quiet) {
      const q = tl.records()[p - 1]!.quiet!;
      expect(q.kind).toBeTruthy();
      const en = narrateAt(tl, p);
      expect(en.headline).not.toBe(en_('narEmpty'));
      if (q.task) expect(en.headline).toContain(q.task);
      const zhHeadline = narrateAt(tl, p, 'zh').headline;
      expect(zhHeadline).not.toBe(zh('narEmpty'));
      if (q.task) expect(zhHeadline).toContain(q.task);
    }
  });

  it('a record that waits in a busy subtask input queue is narrated as such', () => {
    const p = quietPositions(unaligned).find((i) => unaligned.records()[i - 1]!.quiet!.kind === 'record.arrive')!;
    const q = unaligned.records()[p - 1]!.quiet!;
    expect(narrateAt(unaligned, p).headline).toBe(`A record from ${q.from} reaches ${q.task} and waits in its input queue.`);
    // It is indeed queued there after the step.
    expect(unaligned.stateAt(p).job.flow[q.task!]!.queue.length).toBeGreaterThan(0);
  });
});
