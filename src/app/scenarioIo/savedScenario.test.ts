// After a reload without a checkpoint to offer, the saved session's scenario is read back (the
// persistence controller then runs it instead of the built-in one).
import { describe, expect, it } from 'vitest';
import { SCENARIO_FORMAT, scenarioOf } from '../../engine';
import { openPersistence } from '../../persistence';
import { loadSavedScenario } from './savedScenario';

const edited = scenarioOf({
  format: SCENARIO_FORMAT,
  title: 'Edited in the dialog',
  checkpointing: { numRetained: 3 },
});

describe('the saved scenario', () => {
  it('is read back validated, or null when there is no session', async () => {
    const { mirror } = await openPersistence({ factory: null });
    expect(await loadSavedScenario(mirror, 'default')).toBeNull();
    await mirror.saveSession({
      sessionId: 'default',
      title: edited.title,
      scenario: edited,
      interventions: [],
      cursor: 0,
    });
    expect(await loadSavedScenario(mirror, 'default')).toEqual(edited);
  });

  it('is refused with the field path when the stored one is not a valid scenario', async () => {
    const { mirror } = await openPersistence({ factory: null });
    await mirror.saveSession({
      sessionId: 'default',
      title: 'x',
      scenario: { ...edited, job: { ...edited.job, parallelism: 0 } },
      interventions: [],
      cursor: 0,
    });
    await expect(loadSavedScenario(mirror, 'default')).rejects.toThrow(/job\.parallelism/);
  });
});
