/** Recorded runs with a restore, shared by the restore view's unit tests (not used by the app). */
import { DEFAULT_SCENARIO_INPUT, scenarioOf, Timeline, type ScenarioInput } from '../../engine';

type Backend = 'rocksdb-incremental' | 'hashmap' | 'changelog' | 'changelog-cached';

const BACKENDS: Record<Backend, ScenarioInput['stateBackend']> = {
  'rocksdb-incremental': {
    type: 'rocksdb',
    incremental: true,
    rocksdb: { writeBufferBytes: 1024 },
  },
  hashmap: { type: 'hashmap' },
  // Flink 1.15's reader (no file cache), to show the read amplification the cache removes.
  changelog: { type: 'rocksdb', changelog: { enabled: true, materializationIntervalMs: 1500, fileCache: false } },
  'changelog-cached': {
    type: 'rocksdb',
    changelog: { enabled: true, materializationIntervalMs: 1500, fileCache: true },
  },
};

/** The default job (p=2, 128 key groups, a checkpoint every second) with `script`, on `backend`. */
export function recordWith(
  backend: Backend,
  script: ScenarioInput['script'],
  untilMs = 5_000,
): Timeline {
  const input: ScenarioInput = {
    ...DEFAULT_SCENARIO_INPUT,
    stateBackend: BACKENDS[backend],
    script,
    untilMs,
  };
  return Timeline.record(scenarioOf(input), { keyframeEvery: 32 });
}

/** A restore from the latest checkpoint at 3.5 s, at parallelism `p`. */
export function recordRescale(backend: Backend, p: number): Timeline {
  return recordWith(backend, [
    { atMs: 3_500, do: 'restore', checkpoint: 'latest', parallelism: p },
  ]);
}
