import { describe, expect, it } from 'vitest';
import { parseScenario, parseScenarioText } from './parseScenario';
import { SCENARIO_FORMAT } from './scenarioSchema';

const minimal = { format: SCENARIO_FORMAT };

function problems(value: unknown): string[] {
  const r = parseScenario(value);
  return r.ok ? [] : r.problems.map((p) => `${p.path}: ${p.message}`);
}

describe('scenario parsing', () => {
  it('fills Flink defaults for everything omitted', () => {
    const r = parseScenario(minimal);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const s = r.scenario;
    expect(s.checkpointing).toMatchObject({ mode: 'exactly_once', timeoutMs: 600_000, maxConcurrent: 1, tolerableFailed: 0, numRetained: 1, unaligned: false, minPauseMs: 0 });
    expect(s.stateBackend).toMatchObject({ type: 'hashmap', incremental: false, snapshotCompression: false });
    expect(s.stateBackend.changelog.maxFailuresAllowed).toBe(3);
    expect(s.stateBackend.rocksdb.level0CompactionTrigger).toBe(4);
    expect(s.job.operators).toEqual([{ name: 'count', state: 'value', processingMs: 0 }]);
    expect(s.job.sink.kind).toBe('transactional');
  });

  it('gives every parse its own defaults (changing one scenario changes no other)', () => {
    const first = parseScenario(minimal);
    if (first.ok) first.scenario.job.operators[0]!.name = 'changed';
    const second = parseScenario(minimal);
    expect(second.ok && second.scenario.job.operators[0]!.name).toBe('count');
  });

  it('accepts the example document of SCENARIO.md', () => {
    const r = parseScenario({
      format: SCENARIO_FORMAT,
      title: 'Incremental checkpoints and shared files',
      seed: 7,
      job: { parallelism: 2, maxParallelism: 128, source: { kind: 'generator', keys: 20, ratePerSec: 50, valueBytes: 16 }, operators: [{ name: 'count', state: 'value', processingMs: 0 }], sink: { kind: 'transactional' }, channelCapacity: 32 },
      storage: { latencyMs: 20, bytesPerMs: 1000 },
      stateBackend: { type: 'rocksdb', incremental: true, changelog: { enabled: false, materializationIntervalMs: 0 }, rocksdb: { writeBufferBytes: 4096, level0CompactionTrigger: 4, autoCompaction: true }, snapshotCompression: false },
      checkpointing: { intervalMs: 0, mode: 'exactly_once', unaligned: false, numRetained: 1, flinkVersion: '1.15-1.20' },
      script: [{ atMs: 100, do: 'emit', records: [{ key: 'a', value: 1 }] }],
      untilMs: 10000,
    });
    expect(r.ok ? [] : r.problems).toEqual([]);
  });

  it('names the field path of a wrong type', () => {
    expect(problems({ ...minimal, job: { parallelism: 'two' } })).toEqual([expect.stringMatching(/^job\.parallelism: /)]);
    expect(problems({ ...minimal, script: [{ atMs: 1, do: 'checkpoint' }, { atMs: 'x', do: 'checkpoint' }] })[0]).toMatch(/^script\[1\]\.atMs: /);
  });

  it('rejects unknown fields and unknown actions', () => {
    expect(problems({ ...minimal, checkpointing: { intervall: 5 } })[0]).toMatch(/^checkpointing: .*intervall/);
    expect(problems({ ...minimal, script: [{ atMs: 1, do: 'explode' }] })[0]).toMatch(/^script\[0\]/);
  });

  it('rejects a wrong or missing format', () => {
    expect(problems({})).toEqual(['format: expected "checkpoint-lab/scenario@1", got nothing']);
    expect(problems({ format: 'checkpoint-lab/scenario@2' })[0]).toMatch(/^format: /);
    expect(problems([1, 2])).toEqual(['(document): a scenario is a JSON object']);
  });

  it('rejects task names that do not exist, with the list of tasks', () => {
    const p = problems({ ...minimal, script: [{ atMs: 1, do: 'emit', source: 'source#5', records: [{ key: 'a', value: 1 }] }] });
    expect(p).toEqual([expect.stringMatching(/^script\[0\]\.source: no source task "source#5".*source#0, source#1/)]);
  });

  it('refuses configurations Flink refuses', () => {
    expect(problems({ ...minimal, checkpointing: { unaligned: true, mode: 'at_least_once' } })[0]).toMatch(/^checkpointing\.unaligned: /);
    expect(problems({ ...minimal, job: { parallelism: 8, maxParallelism: 4 } })[0]).toMatch(/^job\.parallelism: parallelism 8 exceeds the max parallelism 4/);
    expect(problems({ ...minimal, untilMs: 100, script: [{ atMs: 500, do: 'emit', records: [{ key: 1, value: 1 }] }] })[0]).toMatch(/after untilMs/);
  });

  it('accepts the changelog backend and its materialize action', () => {
    expect(problems({ ...minimal, stateBackend: { changelog: { enabled: true } }, script: [{ atMs: 1, do: 'materialize' }] })).toEqual([]);
  });

  it('refuses materialization without the changelog anywhere in the run, naming the field', () => {
    expect(problems({ ...minimal, script: [{ atMs: 1, do: 'materialize' }] })).toEqual([
      'script[0].do: "materialize" needs the changelog state backend (stateBackend.changelog.enabled, or a restore with "changelog": true)',
    ]);
    expect(problems({ ...minimal, script: [{ atMs: 1, do: 'fail', task: 'count#0', phase: 'materialization' }] })).toEqual([
      'script[0].phase: failing during materialization needs the changelog state backend (stateBackend.changelog.enabled, or a restore with "changelog": true)',
    ]);
    // A restore that switches the changelog on makes a later materialization meaningful.
    expect(problems({ ...minimal, script: [{ atMs: 1, do: 'restore', checkpoint: 'latest', changelog: true }, { atMs: 2, do: 'materialize' }] })).toEqual([]);
  });

  it('reports JSON syntax errors with line and column', () => {
    const r = parseScenarioText('{\n  "format": "checkpoint-lab/scenario@1",\n  "seed": ,\n}');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems[0]!.message).toMatch(/not valid JSON at line 3/);
  });

  it('refuses huge and deeply nested documents before validating', () => {
    const huge = parseScenarioText(' '.repeat(3 * 1024 * 1024));
    expect(huge.ok ? '' : huge.problems[0]!.message).toMatch(/at most 2 MB/);
    let deep: unknown = 1;
    for (let i = 0; i < 100; i++) deep = { a: deep };
    expect(problems({ ...minimal, title: deep })[0]).toMatch(/nesting deeper/);
  });

  it('keeps script tags as plain text (validation never evaluates strings)', () => {
    const r = parseScenario({ ...minimal, title: '<script>alert(1)</script>' });
    expect(r.ok && r.scenario.title).toBe('<script>alert(1)</script>');
  });
});

describe('JSON error positions', () => {
  it('points at the first invalid character', async () => {
    const { jsonErrorOffset } = await import('./jsonErrorOffset');
    for (const good of ['{}', '[1, 2.5e3, -0]', '{"a": [true, false, null, "x\\u00e9"]}', ' "s" ']) expect(jsonErrorOffset(good)).toBeNull();
    expect(jsonErrorOffset('{"a": }')).toBe(6);
    expect(jsonErrorOffset('{"a": 1,}')).toBe(8);
    expect(jsonErrorOffset('[1 2]')).toBe(3);
    expect(jsonErrorOffset('{"a": 01}')).toBe(7);
    expect(jsonErrorOffset('"abc')).toBe(4);
  });
});
