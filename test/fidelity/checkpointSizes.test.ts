/**
 * The two sizes of a checkpoint mean what Flink's REST API means by them (`CheckpointStatistics`):
 * `state_size` is `TaskStateSnapshot#getStateSize` summed over the subtasks, `checkpointed_size`
 * `#getCheckpointedSize` (AsyncCheckpointRunnable#reportCompletedSnapshotStates →
 * PendingCheckpointStats#reportSubtaskStats). Both cover keyed, operator and channel state
 * (OperatorSubtaskState L138–140); only composite (keyed) handles report less than their state
 * size as checkpointed (StateObjectCollection#getCheckpointedSizeNullSafe). The figures expected
 * here are rebuilt from each completed checkpoint's handles and from the bytes the run wrote, not
 * from the engine's own counters.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Simulation, parseScenarioText } from '../../src/engine';
import type { EngineEvent } from '../../src/engine';
import type { KeyedStateHandle, StreamStateHandle, SubtaskStateSnapshot } from '../../src/engine/format/stateHandles';

const dir = new URL('../../scenarios/', import.meta.url);
/** The fields of a scenario file the variants patch. */
type ScenarioJson = { job: { parallelism?: number }; stateBackend?: { changelog?: object } };

function scenario(file: string, patch: (s: ScenarioJson) => void = () => {}) {
  const input = JSON.parse(readFileSync(new URL(file, dir), 'utf8')) as ScenarioJson;
  patch(input);
  const r = parseScenarioText(JSON.stringify(input));
  if (!r.ok) throw new Error(`${file}: ${JSON.stringify(r.problems)}`);
  return r.scenario;
}

interface Observed {
  id: number;
  checkpointedSize: number;
  stateSize: number;
  tasks: Record<string, SubtaskStateSnapshot>;
}

/** Runs a scenario; for every completion, the REST figures and the checkpoint's handles as they were then. */
function run(s: ReturnType<typeof scenario>) {
  const sim = Simulation.create(s);
  const uploads: Extract<EngineEvent, { type: 'file.uploaded' }>[] = [];
  const done: Observed[] = [];
  for (let n = sim.nextAtMs; n !== undefined && n <= s.untilMs; n = sim.nextAtMs) {
    for (const e of sim.step()!) {
      if (e.type === 'file.uploaded') uploads.push(e);
      if (e.type === 'checkpoint.completed') {
        const c = sim.state.coordinator;
        const cp = [...c.completed, ...c.savepoints].find((x) => x.id === e.checkpointId)!;
        const h = c.history.find((x) => x.id === e.checkpointId)!;
        expect(h.stateSize).toBe(e.stateSize);
        done.push({ id: e.checkpointId, checkpointedSize: h.checkpointedSize, stateSize: h.stateSize, tasks: structuredClone(cp.tasks) });
      }
    }
  }
  return { done, uploads };
}

function bytesOf(h: StreamStateHandle, sizeOfPath: Map<string, number>): number {
  if (h.type === 'inline') return h.bytes.length;
  const size = sizeOfPath.get(h.path);
  if (size === undefined) throw new Error(`${h.path} was never uploaded`);
  return size;
}

function keyedFiles(h: KeyedStateHandle): StreamStateHandle[] {
  if (h.type === 'keyGroups') return [h.delegate];
  if (h.type === 'incremental') return [...h.sharedState.map((s) => s.handle), ...h.privateState.map((s) => s.handle), h.metaStateHandle];
  return h.materialized.flatMap(keyedFiles);
}

/** The invariant rebuilt from the handles: full size and checkpointed size per checkpoint. */
function expectedSizes(o: Observed, uploads: Extract<EngineEvent, { type: 'file.uploaded' }>[]) {
  const sizeOfPath = new Map(uploads.map((u) => [u.path, u.size]));
  const uploadedFor = new Set(uploads.filter((u) => u.checkpointId === o.id).map((u) => u.path));
  let state = 0;
  let checkpointed = 0;
  for (const t of Object.values(o.tasks)) {
    // Operator and channel state: whole, in both figures.
    const plain = (t.operator ? bytesOf(t.operator.delegate, sizeOfPath) : 0) + (t.channel ? bytesOf(t.channel.delegate, sizeOfPath) : 0);
    state += plain;
    checkpointed += plain;
    const k = t.keyed;
    if (!k) continue;
    if (k.type === 'changelog') {
      // Materialized part (whole) + the change sets (their own sizes, not their DSTL files, which
      // other subtasks share); checkpointed: only the change sets this checkpoint's persist uploaded.
      state += keyedFiles(k).reduce((n, f) => n + bytesOf(f, sizeOfPath), 0) + k.nonMaterialized.reduce((n, c) => n + c.stateSize, 0);
      const own = k.nonMaterialized.at(-1);
      checkpointed += own && k.persistedSizeOfThisCheckpoint > 0 ? own.checkpointedSize : 0;
      continue;
    }
    const files = keyedFiles(k);
    state += files.reduce((n, f) => n + bytesOf(f, sizeOfPath), 0);
    // A full snapshot is all new; an incremental one counts the files uploaded for this checkpoint.
    checkpointed += files.filter((f) => k.type === 'keyGroups' || f.type === 'inline' || uploadedFor.has(f.path)).reduce((n, f) => n + bytesOf(f, sizeOfPath), 0);
  }
  return { state, checkpointed };
}

// The scale run (1,000,000 records) is the benchmark's (bench/scale.bench.ts), minutes long here.
const examples = readdirSync(dir).filter((f) => f.endsWith('.json') && f !== 'scale-run.json');
const changelogOn = (p?: number) => (s: ScenarioJson) => {
  s.stateBackend = { ...(s.stateBackend ?? {}), changelog: { ...(s.stateBackend?.changelog ?? {}), enabled: true } };
  if (p) s.job.parallelism = p;
};
const cases: [string, ReturnType<typeof scenario>][] = [
  ...examples.map((f): [string, ReturnType<typeof scenario>] => [f, scenario(f)]),
  // The runs of the bug report: unaligned back-pressure with the changelog, at parallelism 2 and 8.
  ['backpressure-unaligned + changelog', scenario('backpressure-unaligned.json', changelogOn())],
  ['backpressure-unaligned + changelog, p = 8', scenario('backpressure-unaligned.json', changelogOn(8))],
  ['seed002 + changelog, p = 8', scenario('seed002-refcount.json', changelogOn(8))],
  ['transactional sink + changelog', scenario('sink-after-failure-transactional.json', changelogOn())],
];

describe('checkpointed_size and state_size of every completed checkpoint', () => {
  it.each(cases)('%s: both figures follow the handles, and checkpointed ≤ full', (_name, s) => {
    const { done, uploads } = run(s);
    expect(done.length).toBeGreaterThan(0);
    for (const o of done) {
      const want = expectedSizes(o, uploads);
      expect({ id: o.id, state: o.stateSize, checkpointed: o.checkpointedSize }).toEqual({ id: o.id, ...want });
      expect(o.checkpointedSize).toBeLessThanOrEqual(o.stateSize);
    }
  });
});
