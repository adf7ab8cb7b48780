/**
 * Checks that need more than one field: task names that must exist, parallelism against max
 * parallelism, and configurations Flink itself refuses. Each problem names its field path.
 */
import { computeDefaultMaxParallelism } from '../keys/keyGroups';
import { IMPLEMENTED_SST_COMPRESSIONS, isImplementedCompression } from '../lsm/sstCompression';
import type { Scenario } from './scenarioSchema';

/**
 * The actions whose mechanisms the engine runs today. The format defines more; a scenario that
 * uses one of the others is refused with a clear message instead of being half-run.
 */
export const ENGINE_SUPPORTED_ACTIONS: ReadonlySet<string> = new Set(['emit', 'checkpoint', 'savepoint', 'restore', 'flush', 'compact', 'materialize', 'decline', 'fail', 'failUploads', 'slowStorage', 'cancel', 'stop', 'loseTaskManager']);

export interface ScenarioProblem {
  /** Field path in the document, e.g. `script[3].task`. */
  path: string;
  message: string;
}

/** The effective max parallelism: as configured, else Flink's default for the largest operator. */
export function effectiveMaxParallelism(s: Scenario): number {
  if (s.job.maxParallelism !== undefined) return s.job.maxParallelism;
  const p = Math.max(s.job.parallelism, ...s.job.operators.map((o) => o.parallelism ?? s.job.parallelism));
  return computeDefaultMaxParallelism(p);
}

/** Every task name of the job: sources, keyed operators and sinks, `<operator>#<subtaskIndex>`. */
export function taskNames(s: Scenario): string[] {
  const names: string[] = [];
  const p = s.job.parallelism;
  for (let i = 0; i < p; i++) names.push(`source#${i}`);
  for (const op of s.job.operators) for (let i = 0; i < (op.parallelism ?? p); i++) names.push(`${op.name}#${i}`);
  for (let i = 0; i < p; i++) names.push(`sink#${i}`);
  return names;
}

/** TaskManagers the job starts on: slot sharing needs as many slots as the largest parallelism. */
export function taskManagerCount(s: Scenario): number {
  const p = Math.max(s.job.parallelism, ...s.job.operators.map((o) => o.parallelism ?? s.job.parallelism));
  return Math.ceil(p / s.job.slotsPerTaskManager);
}

export function checkScenario(s: Scenario): ScenarioProblem[] {
  const problems: ScenarioProblem[] = [];
  const maxP = effectiveMaxParallelism(s);
  const seen = new Set<string>();
  s.job.operators.forEach((op, i) => {
    if (op.name === 'source' || op.name === 'sink') {
      problems.push({ path: `job.operators[${i}].name`, message: `"${op.name}" is reserved for the job's ${op.name} tasks` });
    }
    if (seen.has(op.name)) problems.push({ path: `job.operators[${i}].name`, message: `operator name "${op.name}" is used twice` });
    seen.add(op.name);
    const p = op.parallelism;
    if (p !== undefined && p > maxP) problems.push({ path: `job.operators[${i}].parallelism`, message: `parallelism ${p} exceeds the max parallelism ${maxP}` });
  });
  if (s.job.parallelism > maxP) problems.push({ path: 'job.parallelism', message: `parallelism ${s.job.parallelism} exceeds the max parallelism ${maxP}` });

  s.stateBackend.rocksdb.compressionPerLevel.forEach((t, i) => {
    if (!isImplementedCompression(t))
      problems.push({ path: `stateBackend.rocksdb.compressionPerLevel[${i}]`, message: `${t} is a RocksDB compression Flink accepts, but this engine implements only ${IMPLEMENTED_SST_COMPRESSIONS.join(' and ')} (Snappy with a real codec); use one of those` });
  });

  if (s.stateBackend.checkpointStorage === 'jobmanager') {
    if (s.stateBackend.type !== 'hashmap')
      problems.push({ path: 'stateBackend.checkpointStorage', message: 'this engine runs JobManagerCheckpointStorage only with the HashMap backend (the old MemoryStateBackend); RocksDB\'s files need FileSystemCheckpointStorage here' });
    if (s.stateBackend.changelog.enabled)
      problems.push({ path: 'stateBackend.checkpointStorage', message: 'the changelog backend writes its DSTL to a file system; use FileSystemCheckpointStorage ("filesystem") with it' });
  }

  const cp = s.checkpointing;
  if (cp.unaligned && cp.mode !== 'exactly_once') {
    problems.push({ path: 'checkpointing.unaligned', message: 'unaligned checkpoints need mode "exactly_once" (Flink refuses them with at-least-once)' });
  }
  if (cp.unaligned && cp.maxConcurrent > 1) {
    problems.push({ path: 'checkpointing.maxConcurrent', message: 'unaligned checkpoints need max-concurrent-checkpoints = 1' });
  }
  if (cp.alignedCheckpointTimeoutMs > 0 && !cp.unaligned) {
    problems.push({ path: 'checkpointing.alignedCheckpointTimeoutMs', message: 'an aligned-checkpoint timeout only applies when unaligned checkpoints are enabled' });
  }
  const sb = s.stateBackend;
  if (sb.incremental && sb.type === 'hashmap' && !sb.changelog.enabled) {
    problems.push({ path: 'stateBackend.incremental', message: 'the HashMap backend takes full snapshots only; use "rocksdb" or enable the changelog' });
  }

  const tasks = new Set(taskNames(s));
  const sources = new Set(taskNames(s).filter((t) => t.startsWith('source#')));
  // Materialization needs the changelog, from the start or switched on by a restore.
  const changelogSometime = sb.changelog.enabled || s.script.some((a) => a.do === 'restore' && a.changelog === true);
  s.script.forEach((a, i) => {
    const where = `script[${i}]`;
    if (!ENGINE_SUPPORTED_ACTIONS.has(a.do)) {
      problems.push({ path: `${where}.do`, message: `"${a.do}" is part of the scenario format but this version of the engine does not run it yet` });
      return;
    }
    if (a.atMs > s.untilMs) problems.push({ path: `${where}.atMs`, message: `action at ${a.atMs} ms is after untilMs (${s.untilMs} ms) and would never run` });
    if ('task' in a && a.task !== undefined && !tasks.has(a.task)) {
      problems.push({ path: `${where}.task`, message: `no task "${a.task}" in this job (tasks: ${[...tasks].join(', ')})` });
    }
    if (a.do === 'emit' && a.source !== undefined && !sources.has(a.source)) {
      problems.push({ path: `${where}.source`, message: `no source task "${a.source}" (sources: ${[...sources].join(', ')})` });
    }
    if ((a.do === 'flush' || a.do === 'compact') && s.stateBackend.type !== 'rocksdb') {
      problems.push({ path: `${where}.do`, message: `"${a.do}" needs the RocksDB state backend (stateBackend.type is "${s.stateBackend.type}")` });
    }
    if ((a.do === 'flush' || a.do === 'compact') && a.task.startsWith('source#')) {
      problems.push({ path: `${where}.task`, message: `"${a.do}" needs a keyed operator task; sources hold no keyed state` });
    }
    if ((a.do === 'materialize' || (a.do === 'fail' && a.phase === 'materialization')) && !changelogSometime) {
      problems.push({ path: a.do === 'fail' ? `${where}.phase` : `${where}.do`, message: `${a.do === 'fail' ? 'failing during materialization' : '"materialize"'} needs the changelog state backend (stateBackend.changelog.enabled, or a restore with "changelog": true)` });
    }
    if (a.do === 'loseTaskManager' && a.taskManager >= taskManagerCount(s)) {
      problems.push({ path: `${where}.taskManager`, message: `no TaskManager tm-${a.taskManager}: the job's ${s.job.parallelism} slot(s) fill ${taskManagerCount(s)} TaskManager(s) of ${s.job.slotsPerTaskManager} slot(s) (job.slotsPerTaskManager)` });
    }
    if (a.do === 'restore' && a.parallelism !== undefined && a.parallelism > maxP) {
      problems.push({ path: `${where}.parallelism`, message: `cannot rescale to ${a.parallelism}: the max parallelism is ${maxP} and never changes across restores` });
    }
  });
  return problems;
}
