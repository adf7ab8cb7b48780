// Random checkpoint histories against a reference model of what a correct registry must do.
// A history is what Flink can actually produce with max-concurrent-checkpoints = 1: each
// checkpoint reuses (as placeholders) some files of the last *completed* checkpoint and uploads new
// ones; some are aborted after only some tasks acknowledged, and late acknowledgements may follow;
// savepoints are interleaved; the job may start from a restored checkpoint in any restore mode.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createSharedStateRegistry,
  getEntry,
  onCheckpointAborted,
  onCheckpointAcknowledged,
  onCheckpointCompleted,
  registerRestored,
  registryInvariantViolations,
  registryKeyForPath,
  type RegistryModel,
  type RegistryOutcome,
  type RestoreMode,
  type SharedFileHandle,
} from './index';

interface CheckpointStep {
  kind: 'checkpoint';
  reuse: boolean[];
  uploads: number;
  abort: boolean;
  ackedBeforeAbort: [boolean, boolean];
  lateAck: boolean;
}
interface SavepointStep {
  kind: 'savepoint';
  uploads: number;
  abort: boolean;
}
interface History {
  numRetained: number;
  restore: { mode: RestoreMode; files: number } | null;
  steps: (CheckpointStep | SavepointStep)[];
}

const historyArb = (allowAbort: boolean, maxRetained = 4): fc.Arbitrary<History> =>
  fc.record({
    numRetained: fc.integer({ min: 1, max: maxRetained }),
    restore: fc.option(
      fc.record({
        mode: fc.constantFrom<RestoreMode>('CLAIM', 'NO_CLAIM', 'LEGACY'),
        files: fc.integer({ min: 1, max: 4 }),
      }),
      { nil: null },
    ),
    steps: fc.array(
      fc.oneof(
        {
          weight: 6,
          arbitrary: fc.record({
            kind: fc.constant('checkpoint' as const),
            reuse: fc.array(fc.boolean(), { minLength: 7, maxLength: 7 }),
            uploads: fc.integer({ min: 0, max: 3 }),
            abort: allowAbort ? fc.boolean() : fc.constant(false),
            ackedBeforeAbort: fc.tuple(fc.boolean(), fc.boolean()),
            lateAck: fc.boolean(),
          }),
        },
        {
          weight: 1,
          arbitrary: fc.record({
            kind: fc.constant('savepoint' as const),
            uploads: fc.integer({ min: 1, max: 2 }),
            abort: fc.boolean(),
          }),
        },
      ),
      { maxLength: 24 },
    ),
  });

const sorted = (xs: Iterable<string>): string[] => [...xs].sort();

/**
 * Replays `h` against a registry running `model`, asserting the safety and no-leak properties
 * after every call. Returns the live shared files after each completed checkpoint.
 */
function replay(model: RegistryModel, h: History): string[][] {
  const reg = createSharedStateRegistry(model);
  let nextId = 1;
  let seq = 0;
  const store: number[] = []; // retained checkpoint ids, the completed checkpoint store
  const refs = new Map<number, string[]>(); // retained checkpoint → paths it references
  const lastUse = new Map<string, number>(); // path → highest checkpoint id that acknowledged it
  const uploaded = new Set<string>(); // shared files the registry was told about
  const deleted = new Set<string>();
  const protectedPaths = new Set<string>();
  const savepointPaths = new Set<string>();
  const liveAfterCompletion: string[][] = [];
  let base: SharedFileHandle[] = []; // the last completed checkpoint's files: what tasks may reuse

  const newFile = (dir: string, task: string): SharedFileHandle => {
    seq += 1;
    const path = `${dir}/f${String(seq).padStart(4, '0')}`;
    return {
      key: registryKeyForPath(path),
      path,
      sizeBytes: seq,
      task,
      localName: `${seq}.sst`,
      placeholder: false,
    };
  };
  const referenced = (): Set<string> => new Set(store.flatMap((id) => refs.get(id)!));
  const live = (): string[] => sorted([...uploaded].filter((p) => !deleted.has(p)));

  const apply = (o: RegistryOutcome, when: string): void => {
    for (const d of o.deleted) {
      expect(deleted.has(d.path), `${when}: ${d.path} deleted twice`).toBe(false);
      expect(uploaded.has(d.path), `${when}: ${d.path} was never acknowledged`).toBe(true);
      expect(protectedPaths.has(d.path), `${when}: protected ${d.path} deleted`).toBe(false);
      deleted.add(d.path);
    }
    for (const d of o.released)
      expect(protectedPaths.has(d.path), `${when}: ${d.path} released`).toBe(true);
    for (const p of referenced())
      expect(deleted.has(p), `${when}: ${p} deleted while retained`).toBe(false);
    expect(registryInvariantViolations(reg), when).toEqual([]);
  };
  const ack = (id: number, files: SharedFileHandle[], when: string): void => {
    for (const f of files) {
      if (!f.placeholder) uploaded.add(f.path);
      lastUse.set(f.path, Math.max(lastUse.get(f.path) ?? 0, id));
    }
    apply(onCheckpointAcknowledged(reg, id, files), when);
  };
  // What a correct registry leaves in storage at a quiet moment (no checkpoint pending).
  const expectExactlyLive = (when: string): void => {
    const keep = new Set([...referenced(), ...[...uploaded].filter((p) => protectedPaths.has(p))]);
    if (model === 'last-used-id') {
      // Files of aborted checkpoints linger until the lowest retained checkpoint passes their last use.
      const lowest = store[0]!;
      for (const p of uploaded) if (lastUse.get(p)! >= lowest) keep.add(p);
    }
    expect(live(), when).toEqual(sorted(keep));
  };
  const runCheckpoint = (s: CheckpointStep, when: string): void => {
    const id = nextId++;
    const files = [
      ...base
        .filter((_, i) => s.reuse[i % s.reuse.length])
        .map((f) => ({ ...f, placeholder: true })),
      ...Array.from({ length: s.uploads }, (_, i) => newFile('job/shared', `op#${i % 2}`)),
    ];
    const byTask = [files.filter((_, i) => i % 2 === 0), files.filter((_, i) => i % 2 === 1)];
    if (s.abort) {
      byTask.forEach((fs, t) => s.ackedBeforeAbort[t] && ack(id, fs, `${when} ack`));
      apply(onCheckpointAborted(reg, id), `${when} abort`);
      byTask.forEach(
        (fs, t) => !s.ackedBeforeAbort[t] && s.lateAck && ack(id, fs, `${when} late ack`),
      );
      if (model === 'refcount' && store.length > 0) expectExactlyLive(`${when} after abort`);
      return;
    }
    byTask.forEach((fs) => ack(id, fs, `${when} ack`));
    store.push(id);
    refs.set(
      id,
      files.map((f) => f.path),
    );
    while (store.length > h.numRetained) refs.delete(store.shift()!);
    const o = onCheckpointCompleted(reg, id, [...store]);
    apply(o, `${when} complete`);
    base = files.map((f) => ({ ...f, placeholder: false }));
    expectExactlyLive(`${when} complete`);
    liveAfterCompletion.push(live());
  };

  if (h.restore !== null) {
    const id = 5;
    nextId = id + 1;
    const files = Array.from({ length: h.restore.files }, () => newFile('old-job/shared', 'op#0'));
    for (const f of files) {
      uploaded.add(f.path);
      lastUse.set(f.path, id);
      if (h.restore.mode !== 'CLAIM') protectedPaths.add(f.path);
    }
    apply(registerRestored(reg, id, files, h.restore.mode), 'restore');
    store.push(id);
    refs.set(
      id,
      files.map((f) => f.path),
    );
    base = files;
  }
  h.steps.forEach((s, i) => {
    const when = `step ${i} (${s.kind})`;
    if (s.kind === 'checkpoint') return runCheckpoint(s, when);
    // A savepoint writes self-contained files the registry must neither register nor delete.
    const id = nextId++;
    const files = Array.from({ length: s.uploads }, () => newFile(`savepoints/sp-${id}`, 'op#0'));
    for (const f of files) savepointPaths.add(f.path);
    expect(onCheckpointAcknowledged(reg, id, files, 'savepoint').deleted).toEqual([]);
    const o = s.abort
      ? onCheckpointAborted(reg, id, 'savepoint')
      : onCheckpointCompleted(reg, id, [id], 'savepoint');
    expect(o.deleted).toEqual([]);
    for (const f of files)
      expect(getEntry(reg, f.key), `${when}: savepoint file registered`).toBeNull();
  });
  // Drain: num-retained checkpoints that share nothing with the past. Afterwards every file no
  // retained checkpoint uses must be gone (no leak), in both models, except protected ones.
  for (let i = 0; i < h.numRetained; i++) {
    runCheckpoint(
      {
        kind: 'checkpoint',
        reuse: [false],
        uploads: 1,
        abort: false,
        ackedBeforeAbort: [true, true],
        lateAck: false,
      },
      `drain ${i}`,
    );
  }
  const keep = new Set([...referenced(), ...[...uploaded].filter((p) => protectedPaths.has(p))]);
  expect(live(), 'after drain').toEqual(sorted(keep));
  for (const p of protectedPaths) expect(deleted.has(p)).toBe(false);
  for (const p of savepointPaths) expect(deleted.has(p)).toBe(false);
  return liveAfterCompletion;
}

describe('shared state registry properties', () => {
  it.each(['refcount', 'last-used-id'] as const)(
    '%s: never deletes a retained file, never leaks, never deletes NO_CLAIM files or savepoints',
    (model) => {
      fc.assert(
        fc.property(historyArb(true), (h) => {
          replay(model, h);
        }),
        { numRuns: 300 },
      );
    },
  );

  it('both models leave the same files after every completed checkpoint when nothing is aborted', () => {
    fc.assert(
      fc.property(historyArb(false), (h) => {
        expect(replay('last-used-id', h)).toEqual(replay('refcount', h));
      }),
      { numRuns: 300 },
    );
  });

  it('with num-retained 1 they agree after every completion even with aborts (only the timing differs)', () => {
    // The lowest retained checkpoint is then the one just completed, above every aborted id, so
    // last-used-id catches up at each completion with what refcount deleted at the abort.
    fc.assert(
      fc.property(historyArb(true, 1), (h) => {
        expect(replay('last-used-id', h)).toEqual(replay('refcount', h));
      }),
      { numRuns: 200 },
    );
  });
});
