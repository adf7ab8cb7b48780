import { describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIO, parseScenarioText } from '../../engine';
import { scenarioFileName, scenarioJsonText } from './exportScenario';
import { readFileView } from './shareView';

describe('scenario export', () => {
  it('names the file after the title, with only safe characters', () => {
    expect(
      scenarioFileName({ ...DEFAULT_SCENARIO, title: 'Unaligned checkpoints: 2 channels!' }),
    ).toBe('checkpoint-lab-unaligned-checkpoints-2-channels.json');
    expect(scenarioFileName({ ...DEFAULT_SCENARIO, title: '../../etc/passwd <img src=x>' })).toBe(
      'checkpoint-lab-etc-passwd-img-src-x.json',
    );
    expect(scenarioFileName({ ...DEFAULT_SCENARIO, title: '增量检查点' })).toBe(
      'checkpoint-lab-scenario.json',
    );
  });

  it('writes a document the importer reads back as the same scenario', () => {
    const back = parseScenarioText(scenarioJsonText(DEFAULT_SCENARIO));
    expect(back.ok && back.scenario).toEqual(DEFAULT_SCENARIO);
  });

  it('carries the step and the UI actions as `view`, read back by the importer, and nothing at step 0 without actions', () => {
    const view = { cursor: 40, interventions: [{ step: 31, action: { do: 'fail' as const, task: 'count#0', phase: 'now' as const } }] };
    const back = parseScenarioText(scenarioJsonText(DEFAULT_SCENARIO, view));
    expect(back.ok).toBe(true);
    if (!back.ok) return;
    expect(back.scenario.view).toEqual({ at: 40, branch: [{ step: 31, action: { do: 'fail', task: 'count#0', phase: 'now' } }] });
    expect(readFileView(back.scenario.view)).toEqual(view);
    const { view: _v, ...run } = back.scenario;
    expect(run).toEqual(DEFAULT_SCENARIO);
    expect(JSON.parse(scenarioJsonText(DEFAULT_SCENARIO, { cursor: 0, interventions: [] }))).not.toHaveProperty('view');
  });

  it('refuses a view whose action is not one of the format, naming it', () => {
    const text = scenarioJsonText(DEFAULT_SCENARIO, { cursor: 5, interventions: [] }).replace(
      '"branch": []',
      '"branch": [{ "step": 3, "action": { "do": "explode" } }]',
    );
    const back = parseScenarioText(text);
    expect(back.ok).toBe(true);
    if (!back.ok) return;
    expect(() => readFileView(back.scenario.view)).toThrow(/view\.branch, action 1/);
  });
});
