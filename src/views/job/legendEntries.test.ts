// The legend lists what the scenario can show: the default scenario (instant operators, aligned)
// needs no buffers, credit or unaligned entries; the back-pressure scenarios need them.
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIO } from '../../engine';
import { legendEntries } from './legendEntries';
import { scenarioFile } from './recordedRuns';

const kinds = (s: Parameters<typeof legendEntries>[0], cells = 6) => legendEntries(s, cells).map((e) => e.kind);

describe('legendEntries', () => {
  it('keeps the default scenario’s legend short', () => {
    expect(kinds(DEFAULT_SCENARIO)).toEqual(['record', 'barrier', 'held', 'cut']);
  });
  it('lists buffers, credit, back-pressure and unaligned entries for the back-pressure scenarios', () => {
    expect(kinds(scenarioFile('scenarios/backpressure-unaligned.json'))).toEqual(['record', 'buffer', 'credit', 'barrier', 'priority', 'persisted', 'backpressure', 'cut']);
    expect(kinds(scenarioFile('scenarios/backpressure-aligned-timeout.json'))).toContain('held');
    // Credit too large to draw as slots: no slot entry.
    expect(kinds(scenarioFile('scenarios/backpressure-unaligned.json'), 3)).not.toContain('credit');
  });
});
