// Malformed scenarios fed straight to the engine's parser (the path every import ends in):
// each is refused with a message that names the field path and what is wrong, or, for text
// that is not JSON, the line and column.
import { describe, expect, it } from 'vitest';
import { parseScenario, parseScenarioText } from '../../src/engine';
import { FORMAT, problemsOf } from './problems';

const base = { format: FORMAT };
const problems = (v: unknown) => problemsOf(parseScenario(v));

describe('wrong types', () => {
  it('names the path and the expected and received type', () => {
    expect(problems({ ...base, job: { parallelism: 'two' } })).toEqual([
      'job.parallelism: Invalid input: expected number, received string',
    ]);
    expect(problems({ ...base, title: 5 })).toEqual([
      'title: Invalid input: expected string, received number',
    ]);
    expect(problems({ ...base, stateBackend: { incremental: 'yes' } })).toEqual([
      'stateBackend.incremental: Invalid input: expected boolean, received string',
    ]);
    expect(problems({ ...base, job: null })).toEqual([
      'job: Invalid input: expected object, received null',
    ]);
    expect(problems({ ...base, script: { atMs: 1 } })).toEqual([
      'script: Invalid input: expected array, received object',
    ]);
    expect(problems({ ...base, checkpointing: { mode: 'EXACTLY_ONCE' } })).toEqual([
      'checkpointing.mode: Invalid option: expected one of "exactly_once"|"at_least_once"',
    ]);
    expect(problems({ ...base, job: { parallelism: 1.5 } })).toEqual([
      'job.parallelism: Invalid input: expected int, received number',
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
    ).toEqual(['script[1].atMs: Invalid input: expected number, received string']);
    expect(
      problems({ ...base, script: [{ atMs: 1, do: 'emit', records: [{ key: {}, value: 1 }] }] }),
    ).toEqual([expect.stringMatching(/^script\[0\]\.records\[0\]\.key: Invalid input/)]);
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
      'script[0].records: Invalid input: expected array, received undefined',
    ]);
    expect(problems({ ...base, script: [{ do: 'checkpoint' }] })).toEqual([
      'script[0].atMs: Invalid input: expected number, received undefined',
    ]);
    expect(problems({ ...base, script: [{ atMs: 1 }] })[0]).toMatch(
      /^script\[0\]\.do: Invalid discriminator value/,
    );
  });
});

describe('unknown fields', () => {
  it('refuses a typo instead of ignoring it, naming the key and where it is', () => {
    expect(problems({ ...base, checkpointing: { intervall: 5 } })).toEqual([
      'checkpointing: Unrecognized key: "intervall"',
    ]);
    expect(problems({ ...base, extra: true })).toEqual(['(document): Unrecognized key: "extra"']);
    expect(problems({ ...base, script: [{ atMs: 1, do: 'checkpoint', force: true }] })).toEqual([
      'script[0]: Unrecognized key: "force"',
    ]);
  });
});

describe('huge and impossible numbers', () => {
  it('refuses 1e308 with the allowed range', () => {
    expect(problems({ ...base, job: { parallelism: 1e308 } })).toContain(
      'job.parallelism: Too big: expected number to be <=64',
    );
    expect(problems({ ...base, untilMs: 1e308 })).toContain(
      'untilMs: Too big: expected number to be <=100000000',
    );
  });

  it('refuses numbers JSON turns into Infinity', () => {
    expect(problemsOf(parseScenarioText(`{"format":"${FORMAT}","seed":1e999}`))).toEqual([
      'seed: Invalid input: expected number, received Infinity',
    ]);
  });

  it('refuses NaN and Infinity written as strings, and bare NaN as not JSON', () => {
    expect(problems({ ...base, storage: { latencyMs: 'NaN' } })).toEqual([
      'storage.latencyMs: Invalid input: expected number, received string',
    ]);
    expect(problems({ ...base, storage: { bytesPerMs: 'Infinity' } })).toEqual([
      'storage.bytesPerMs: Invalid input: expected number, received string',
    ]);
    expect(problemsOf(parseScenarioText(`{"format":"${FORMAT}","seed":NaN}`))).toEqual([
      expect.stringMatching(/^\(document\): not valid JSON at line 1, column 46: /),
    ]);
  });

  it('refuses negative sizes and times', () => {
    expect(problems({ ...base, stateBackend: { rocksdb: { writeBufferBytes: -4096 } } })).toEqual([
      'stateBackend.rocksdb.writeBufferBytes: Too small: expected number to be >=64',
    ]);
    expect(problems({ ...base, storage: { latencyMs: -1 } })).toEqual([
      'storage.latencyMs: Too small: expected number to be >=0',
    ]);
    expect(problems({ ...base, job: { source: { kind: 'generator', valueBytes: -16 } } })).toEqual([
      'job.source.valueBytes: Too small: expected number to be >=1',
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
    expect(problems(top)).toEqual(['(document): Unrecognized key: "__proto__"']);
    const nested = JSON.parse(
      `{"format":"${FORMAT}","job":{"constructor":{"prototype":{"polluted":true}}}}`,
    );
    expect(problems(nested)).toEqual(['job: Unrecognized key: "constructor"']);
    const inAction = JSON.parse(
      `{"format":"${FORMAT}","script":[{"atMs":1,"do":"checkpoint","__proto__":{"polluted":true}}]}`,
    );
    expect(problems(inAction)).toEqual(['script[0]: Unrecognized key: "__proto__"']);
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
