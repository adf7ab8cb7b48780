import { describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIO, parseScenarioText } from '../../engine';
import { scenarioFileName, scenarioJsonText } from './exportScenario';

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
});
