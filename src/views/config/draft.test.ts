import { describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIO, SCENARIO_FORMAT } from '../../engine';
import { checkDraft, draftOf, getAt, readFieldText, resetToDefaults, setAt } from './draft';

describe('field text', () => {
  it('reads numbers as JSON writes them, and says when text is none', () => {
    expect(readFieldText({ input: 'int' }, ' 12 ')).toEqual({ kind: 'value', value: 12 });
    expect(readFieldText({ input: 'number' }, '1e3')).toEqual({ kind: 'value', value: 1000 });
    expect(readFieldText({ input: 'number' }, '-0.5')).toEqual({ kind: 'value', value: -0.5 });
    expect(readFieldText({ input: 'int' }, '10 s')).toEqual({ kind: 'notNumber' });
    expect(readFieldText({ input: 'int' }, 'NaN')).toEqual({ kind: 'notNumber' });
    expect(readFieldText({ input: 'int' }, '0x10')).toEqual({ kind: 'notNumber' });
    expect(readFieldText({ input: 'int' }, '')).toEqual({ kind: 'empty' });
    expect(readFieldText({ input: 'optionalInt' }, '  ')).toEqual({
      kind: 'value',
      value: undefined,
    });
    expect(readFieldText({ input: 'text' }, '<b>x</b>')).toEqual({
      kind: 'value',
      value: '<b>x</b>',
    });
  });
});

describe('draft editing', () => {
  it('sets and removes values without touching the original', () => {
    const draft = draftOf(DEFAULT_SCENARIO);
    const edited = setAt(draft, ['checkpointing', 'numRetained'], 3);
    expect(getAt(edited, ['checkpointing', 'numRetained'])).toBe(3);
    expect(getAt(draft, ['checkpointing', 'numRetained'])).toBe(2);
    const op = setAt(draft, ['job', 'operators', 0, 'parallelism'], 4);
    expect(Array.isArray(getAt(op, ['job', 'operators']))).toBe(true);
    expect(getAt(op, ['job', 'operators', 0, 'parallelism'])).toBe(4);
    expect(
      'parallelism' in
        (getAt(setAt(op, ['job', 'operators', 0, 'parallelism'], undefined), [
          'job',
          'operators',
          0,
        ]) as object),
    ).toBe(false);
  });

  it('validates with the parser: schema problems and cross-field checks by field path', () => {
    let draft = draftOf(DEFAULT_SCENARIO);
    expect(checkDraft(draft, []).problems).toEqual([]);
    draft = setAt(
      setAt(draft, ['checkpointing', 'unaligned'], true),
      ['checkpointing', 'maxConcurrent'],
      2,
    );
    expect(checkDraft(draft, []).byPath.get('checkpointing.maxConcurrent')).toEqual([
      'unaligned checkpoints need max-concurrent-checkpoints = 1',
    ]);
    draft = setAt(draft, ['job', 'parallelism'], 0);
    expect(checkDraft(draft, []).byPath.get('job.parallelism')).toEqual([
      'must be at least 1, got 0',
    ]);
  });

  it('shows the form’s own message instead of the schema’s for text that is no number', () => {
    const draft = setAt(draftOf(DEFAULT_SCENARIO), ['seed'], 'abc');
    const check = checkDraft(draft, [{ path: 'seed', message: '"abc" is not a number' }]);
    expect(check.byPath.get('seed')).toEqual(['"abc" is not a number']);
    expect(check.result.ok).toBe(false);
  });

  it('resets the configuration to the format’s defaults and keeps the lesson', () => {
    let draft = draftOf(DEFAULT_SCENARIO);
    draft = setAt(draft, ['script'], [{ atMs: 5, do: 'checkpoint' }]);
    draft = setAt(draft, ['job', 'operators', 0, 'parallelism'], 3);
    const reset = resetToDefaults(draft);
    expect(reset).toMatchObject({
      format: SCENARIO_FORMAT,
      title: DEFAULT_SCENARIO.title,
      seed: 7,
      untilMs: 8000,
      script: [{ atMs: 5, do: 'checkpoint' }],
    });
    expect(getAt(reset, ['job', 'operators'])).toEqual([{ name: 'count', state: 'value' }]);
    expect(getAt(reset, ['stateBackend', 'type'])).toBe('hashmap');
    expect(getAt(reset, ['checkpointing', 'intervalMs'])).toBe(0);
    expect(checkDraft(reset, []).problems).toEqual([]);
  });
});

describe('cross-field checks behind a refused field', () => {
  it('are still reported, checked with the refused field at the running value', () => {
    let draft = draftOf(DEFAULT_SCENARIO);
    draft = setAt(
      setAt(draft, ['checkpointing', 'unaligned'], true),
      ['checkpointing', 'maxConcurrent'],
      2,
    );
    draft = setAt(draft, ['job', 'parallelism'], 'abc');
    const check = checkDraft(
      draft,
      [{ path: 'job.parallelism', message: '"abc" is not a number' }],
      DEFAULT_SCENARIO,
    );
    expect([...check.byPath.keys()].sort()).toEqual([
      'checkpointing.maxConcurrent',
      'job.parallelism',
    ]);
  });

  it('parse field paths back', async () => {
    const { parsePathKey } = await import('./draft');
    expect(parsePathKey('job.operators[0].parallelism')).toEqual([
      'job',
      'operators',
      0,
      'parallelism',
    ]);
    expect(parsePathKey('script[12].records[3].key')).toEqual(['script', 12, 'records', 3, 'key']);
  });
});
