// Malformed scenarios fed straight to the engine's parser (the path every import ends in):
// each is refused with a message that names the field path and what is wrong, or, for text
// that is not JSON, the line and column.
import { describe, expect, it } from 'vitest';
import { parseScenario, parseScenarioText } from '../../src/engine';
import { FORMAT, problemsOf } from './problems';

const base = { format: FORMAT };
const problems = (v: unknown) => problemsOf(parseScenario(v));
const TOP_LEVEL_FIELDS =
  'format, title, seed, job, storage, stateBackend, checkpointing, script, untilMs, view';
const CHECKPOINTING_FIELDS =
  'intervalMs, mode, unaligned, alignedCheckpointTimeoutMs, timeoutMs, minPauseMs, maxConcurrent, tolerableFailed, numRetained, flinkVersion, externalizedRetention';

describe('wrong types', () => {
  it('names the path and the expected and received type', () => {
    expect(problems({ ...base, job: { parallelism: 'two' } })).toEqual([
      'job.parallelism: expected a number, got "two"',
    ]);
    expect(problems({ ...base, title: 5 })).toEqual(['title: expected a string, got 5']);
    expect(problems({ ...base, stateBackend: { incremental: 'yes' } })).toEqual([
      'stateBackend.incremental: expected true or false, got "yes"',
    ]);
    expect(problems({ ...base, job: null })).toEqual(['job: expected an object, got null']);
    expect(problems({ ...base, script: { atMs: 1 } })).toEqual([
      'script: expected an array, got an object',
    ]);
    expect(problems({ ...base, checkpointing: { mode: 'EXACTLY_ONCE' } })).toEqual([
      'checkpointing.mode: expected one of "exactly_once", "at_least_once", got "EXACTLY_ONCE"',
    ]);
    expect(problems({ ...base, job: { parallelism: 1.5 } })).toEqual([
      'job.parallelism: expected an integer, got 1.5',
    ]);
  });

  it('refuses an array where an object belongs, even an empty one', () => {
    expect(problems({ ...base, job: [] })).toEqual(['job: expected an object, got an array']);
    expect(problems({ ...base, script: [[]] })).toEqual([
      'script[0]: expected an object, got an array',
    ]);
    expect(problems({ ...base, job: { source: [] } })).toEqual([
      'job.source: expected an object, got an array',
    ]);
  });

  it('reports every wrong field, not only the first', () => {
    expect(
      problems({ ...base, seed: -1, job: { parallelism: 'two', channelCapacity: 0 }, untilMs: 0 }),
    ).toEqual([
      'seed: must be at least 0, got -1',
      'job.parallelism: expected a number, got "two"',
      'job.channelCapacity: must be at least 1, got 0',
      'untilMs: must be at least 1, got 0',
    ]);
  });

  it('refuses a document that is not an object', () => {
    for (const v of [null, 1, 'scenario', [], true])
      expect(problems(v)).toEqual(['(document): a scenario is a JSON object']);
  });

  it('names each wrong element of the script by index', () => {
    expect(
      problems({
        ...base,
        script: [
          { atMs: 1, do: 'checkpoint' },
          { atMs: 'soon', do: 'checkpoint' },
        ],
      }),
    ).toEqual(['script[1].atMs: expected a number, got "soon"']);
    expect(
      problems({ ...base, script: [{ atMs: 1, do: 'emit', records: [{ key: {}, value: 1 }] }] }),
    ).toEqual(['script[0].records[0].key: expected a string or a number, got an object']);
  });
});

describe('missing required fields', () => {
  it('says the format is missing', () => {
    expect(problems({})).toEqual(['format: expected "checkpoint-lab/scenario@1", got nothing']);
    expect(problems({ format: 'checkpoint-lab/scenario@2' })).toEqual([
      'format: expected "checkpoint-lab/scenario@1", got "checkpoint-lab/scenario@2"',
    ]);
  });

  it('names a missing argument of an action', () => {
    expect(problems({ ...base, script: [{ atMs: 1, do: 'emit' }] })).toEqual([
      'script[0].records: expected an array, got nothing (the field is required)',
    ]);
    expect(problems({ ...base, script: [{ do: 'checkpoint' }] })).toEqual([
      'script[0].atMs: expected a number, got nothing (the field is required)',
    ]);
    expect(problems({ ...base, script: [{ atMs: 1 }] })).toEqual([
      expect.stringMatching(
        /^script\[0\]\.do: expected one of "emit", "checkpoint", .*"restore", "cancel", "stop", got nothing$/,
      ),
    ]);
  });
});

describe('unknown fields', () => {
  it('refuses a typo instead of ignoring it, naming the key and where it is', () => {
    expect(problems({ ...base, checkpointing: { intervall: 5 } })).toEqual([
      `checkpointing: unknown field "intervall" (allowed here: ${CHECKPOINTING_FIELDS})`,
    ]);
    expect(problems({ ...base, extra: true })).toEqual([
      `(document): unknown field "extra" (allowed here: ${TOP_LEVEL_FIELDS})`,
    ]);
    expect(problems({ ...base, script: [{ atMs: 1, do: 'checkpoint', force: true }] })).toEqual([
      'script[0]: unknown field "force" (allowed here: atMs, do, id)',
    ]);
  });

  it('names every unknown key of an object in one problem', () => {
    expect(problems({ ...base, storage: { latency: 1, bytesPerMS: 2 } })).toEqual([
      'storage: unknown fields "latency", "bytesPerMS" (allowed here: latencyMs, bytesPerMs)',
    ]);
  });
});

describe('huge and impossible numbers', () => {
  it('refuses 1e308 with the allowed range', () => {
    expect(problems({ ...base, job: { parallelism: 1e308 } })).toEqual([
      'job.parallelism: must be at most 64, got 1e+308',
    ]);
    expect(problems({ ...base, untilMs: 1e308 })).toEqual([
      'untilMs: must be at most 100000000, got 1e+308',
    ]);
  });

  it('refuses numbers JSON turns into Infinity', () => {
    expect(problemsOf(parseScenarioText(`{"format":"${FORMAT}","seed":1e999}`))).toEqual([
      'seed: expected a finite number, got Infinity',
    ]);
  });

  it('refuses NaN and Infinity written as strings, and bare NaN as not JSON', () => {
    expect(problems({ ...base, storage: { latencyMs: 'NaN' } })).toEqual([
      'storage.latencyMs: expected a number, got "NaN"',
    ]);
    expect(problems({ ...base, storage: { bytesPerMs: 'Infinity' } })).toEqual([
      'storage.bytesPerMs: expected a number, got "Infinity"',
    ]);
    expect(problemsOf(parseScenarioText(`{"format":"${FORMAT}","seed":NaN}`))).toEqual([
      expect.stringMatching(/^\(document\): not valid JSON at line 1, column 46: /),
    ]);
  });

  it('refuses negative sizes and times', () => {
    expect(problems({ ...base, stateBackend: { rocksdb: { writeBufferBytes: -4096 } } })).toEqual([
      'stateBackend.rocksdb.writeBufferBytes: must be at least 64, got -4096',
    ]);
    expect(problems({ ...base, storage: { latencyMs: -1 } })).toEqual([
      'storage.latencyMs: must be at least 0, got -1',
    ]);
    expect(problems({ ...base, job: { source: { kind: 'generator', valueBytes: -16 } } })).toEqual([
      'job.source.valueBytes: must be at least 1, got -16',
    ]);
  });
});

describe('deep nesting', () => {
  it('refuses 10,000 levels without overflowing the stack', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 10_000; i++) deep = { a: deep };
    expect(problems({ ...base, title: deep })).toEqual([
      '(document): nesting deeper than 32 levels',
    ]);
    const text = `{"format":"${FORMAT}","title":${'['.repeat(10_000)}${']'.repeat(10_000)}}`;
    expect(problemsOf(parseScenarioText(text))).toEqual([
      '(document): nesting deeper than 32 levels',
    ]);
  });
});

describe('HTML and script in strings', () => {
  const hostile = '<img src=x onerror="window.__pwned=1"><script>alert(1)</script>';

  it('keeps a title as plain text, unchanged (the UI renders it as text)', () => {
    const r = parseScenario({ ...base, title: hostile });
    expect(r.ok && r.scenario.title).toBe(hostile);
  });

  it('refuses HTML where a task or operator name belongs', () => {
    expect(problems({ ...base, script: [{ atMs: 1, do: 'fail', task: hostile }] })).toEqual([
      'script[0].task: a task name is <operator>#<subtaskIndex>, e.g. "count#0"',
    ]);
    expect(
      problems({ ...base, job: { operators: [{ name: '<b>x</b>', state: 'value' }] } }),
    ).toEqual([
      'job.operators[0].name: an operator name starts with a letter and has at most 32 letters, digits, "_" or "-"',
    ]);
  });
});

describe('prototype pollution', () => {
  it('refuses __proto__ and constructor keys as unknown fields and pollutes nothing', () => {
    const top = JSON.parse(`{"format":"${FORMAT}","__proto__":{"polluted":true}}`);
    expect(problems(top)).toEqual([
      `(document): unknown field "__proto__" (allowed here: ${TOP_LEVEL_FIELDS})`,
    ]);
    const nested = JSON.parse(
      `{"format":"${FORMAT}","job":{"constructor":{"prototype":{"polluted":true}}}}`,
    );
    expect(problems(nested)).toEqual([
      'job: unknown field "constructor" (allowed here: parallelism, maxParallelism, source, operators, sink, channelCapacity, network, slotsPerTaskManager, operatorState)',
    ]);
    const inAction = JSON.parse(
      `{"format":"${FORMAT}","script":[{"atMs":1,"do":"checkpoint","__proto__":{"polluted":true}}]}`,
    );
    expect(problems(inAction)).toEqual([
      'script[0]: unknown field "__proto__" (allowed here: atMs, do, id)',
    ]);
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    expect((Object.prototype as { polluted?: unknown }).polluted).toBeUndefined();
  });
});

describe('text that is not JSON', () => {
  it('points at trailing garbage', () => {
    expect(problemsOf(parseScenarioText(`{"format":"${FORMAT}"}\n}garbage`))).toEqual([
      expect.stringMatching(/^\(document\): not valid JSON at line 2, column 1: /),
    ]);
  });

  it('points at a missing value on its line', () => {
    expect(problemsOf(parseScenarioText(`{\n  "format": "${FORMAT}",\n  "seed": ,\n}`))).toEqual([
      expect.stringMatching(/^\(document\): not valid JSON at line 3, column 11: /),
    ]);
  });
});
