// Pasted JSON goes through importScenarioText: the same checks as a file, on text.
import { describe, expect, it } from 'vitest';
import { importScenarioText } from '../../src/app/scenarioIo/importScenarioText';
import { MAX_NESTING } from '../../src/app/scenarioIo/limits';
import { parseScenario } from '../../src/engine';
import { FORMAT, problemsOf } from './problems';

describe('pasted text', () => {
  it('refuses more than 2 MB before parsing', () => {
    expect(problemsOf(importScenarioText(' '.repeat(3 * 1024 * 1024)))).toEqual([
      '(document): the text is 3.0 MB; a scenario may be at most 2 MB',
    ]);
  });

  it('refuses empty text and drops a pasted byte order mark', () => {
    expect(problemsOf(importScenarioText(''))).toEqual([
      '(document): empty: there is no JSON here (a scenario is an object starting with "{")',
    ]);
    expect(importScenarioText(`\uFEFF{"format":"${FORMAT}"}`).ok).toBe(true);
  });

  it('uses the parser’s own depth limit, so text and parsed values agree', () => {
    const doc = (levels: number) =>
      `{"format":"${FORMAT}","title":${'['.repeat(levels - 1)}${']'.repeat(levels - 1)}}`;
    const nesting = (s: string[]) => s.some((p) => p.includes('nesting deeper'));
    expect(nesting(problemsOf(importScenarioText(doc(MAX_NESTING))))).toBe(false);
    expect(nesting(problemsOf(parseScenario(JSON.parse(doc(MAX_NESTING)))))).toBe(false);
    expect(nesting(problemsOf(importScenarioText(doc(MAX_NESTING + 1))))).toBe(true);
    expect(nesting(problemsOf(parseScenario(JSON.parse(doc(MAX_NESTING + 1)))))).toBe(true);
  });
});
