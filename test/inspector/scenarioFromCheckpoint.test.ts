// "Simulate a job like this": the scenario made from an inspected checkpoint keeps its operators,
// parallelism, max parallelism and backend, says what it could not keep, and records a run.
import { describe, expect, it } from 'vitest';
import { Timeline } from '../../src/engine';
import { inspectFolder } from '../../src/inspector/folder';
import { engineOperatorName, parseScenarioFromCheckpoint, scenarioFromCheckpoint } from '../../src/app/inspector/scenarioFromCheckpoint';
import { readFolderInput } from '../../cli/readFolder';
import { describeWithFlinkMetadata } from '../support/flinkMetadata';
import { JOB_ID, jobFolder } from './jobFolder';

const report = inspectFolder({ rootName: JOB_ID, entries: jobFolder() });
const chk4 = report.checkpoints.find((c) => c.checkpointId === 4)!;

describe('scenarioFromCheckpoint on the hand-made RocksDB job', () => {
  it('keeps the keyed operator, its parallelism, max parallelism and RocksDB incremental', () => {
    const { result, notes } = parseScenarioFromCheckpoint(chk4);
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    const s = result.scenario;
    expect(s.job.operators.map((o) => [o.name, o.parallelism])).toEqual([['window', 2]]);
    expect(s.job.parallelism).toBe(1);
    expect(s.job.maxParallelism).toBe(128);
    expect(s.stateBackend.type).toBe('rocksdb');
    expect(s.stateBackend.incremental).toBe(true);
    // The source's UNION offsets ("offsets" is UNION in the folder) become the legacy consumer's union state.
    expect(s.job.operatorState?.sourceOffsets).toBe('union');
    expect(notes.filter((n) => !n.mapped).map((n) => n.key)).toEqual(expect.arrayContaining(['insMapStateKinds', 'insMapOthers', 'insMapCoordinator']));
  });

  it('records a run that completes checkpoints with shared SSTs', () => {
    const { result } = parseScenarioFromCheckpoint(chk4);
    if (!result.ok) throw new Error('invalid');
    const timeline = Timeline.record(result.scenario);
    expect(timeline.length).toBeGreaterThan(10);
    const last = timeline.stateAt(timeline.length - 1);
    expect(last.coordinator.completed.length).toBeGreaterThan(0);
  });

  it('scales the keyed bytes down to a number of keys', () => {
    const big = { ...chk4, operators: chk4.operators.map((o) => (o.style === 'incremental' ? { ...o, totals: { ...o.totals, bytes: 1024 * 16 * 500 } } : o)) };
    const job = scenarioFromCheckpoint(big).document.job as { source: { keys: number } };
    expect(job.source.keys).toBe(500);
  });
});

describe('engineOperatorName', () => {
  it('makes Flink names valid scenario names, unique, never "source" or "sink"', () => {
    const taken = new Set<string>();
    expect(engineOperatorName('Window(TumblingEventTimeWindows(5000))', taken)).toBe('Window-TumblingEventTimeWindows');
    expect(engineOperatorName('42 map', taken)).toBe('op-42-map');
    expect(engineOperatorName('source', taken)).toBe('op-source');
    expect(engineOperatorName('42 map', taken)).toBe('op-42-map-2');
  });
});

describeWithFlinkMetadata('scenarioFromCheckpoint on real Flink checkpoints', (dir) => {
  const cases: [string, string, boolean][] = [
    ['flink1.20-rocksdb-checkpoint', 'rocksdb', true],
    ['flink1.20-hashmap-checkpoint', 'hashmap', false],
    // Flink 1.15's sample holds full key-group snapshots (v3 records no type): as a HashMap backend's look.
    ['flink1.15-rocksdb-checkpoint', 'hashmap', false],
  ];
  for (const [name, backend, incremental] of cases) {
    it(`${name}: ${backend}${incremental ? ' incremental' : ''}, the same parallelism, and a recorded run`, () => {
      const c = inspectFolder(readFolderInput(`${dir}/${name}`)).checkpoints[0]!;
      const { result } = parseScenarioFromCheckpoint(c);
      if (!result.ok) throw new Error(JSON.stringify(result.problems));
      expect(result.scenario.stateBackend.type).toBe(backend);
      expect(result.scenario.stateBackend.incremental).toBe(incremental);
      const keyed = c.operators.filter((o) => o.style !== 'no keyed state');
      expect(result.scenario.job.operators.map((o) => o.parallelism)).toEqual(keyed.map((o) => o.parallelism));
      expect(result.scenario.job.maxParallelism).toBe(keyed[0]!.maxParallelism);
      expect(Timeline.record(result.scenario).length).toBeGreaterThan(10);
    });
  }
});
