/** Old scenario files: `checkpointing.registry` still loads, says what it became, and the shipped schema accepts it as deprecated. */
import { describe, expect, it } from 'vitest';
import { parseScenario, parseScenarioText } from './parseScenario';
import { scenarioJsonSchema } from './scenarioJsonSchema';
import { SCENARIO_FORMAT } from './scenarioSchema';

describe('the deprecated checkpointing.registry field', () => {
  it('loads, read as checkpointing.flinkVersion, with a note saying so', () => {
    const r = parseScenarioText(JSON.stringify({ format: SCENARIO_FORMAT, checkpointing: { registry: 'refcount', numRetained: 2 } }));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.scenario.checkpointing.flinkVersion).toBe('<=1.14');
    expect(r.notes).toEqual([
      {
        path: 'checkpointing.registry',
        from: 'refcount',
        to: { path: 'checkpointing.flinkVersion', value: '<=1.14' },
        message: 'checkpointing.registry "refcount" is deprecated: read as checkpointing.flinkVersion "<=1.14"',
      },
    ]);
  });

  it('adds no note to a file without it', () => {
    const r = parseScenario({ format: SCENARIO_FORMAT, checkpointing: { flinkVersion: '<=1.14' } });
    expect(r.ok && r.notes).toBeFalsy();
  });

  it('is in the JSON Schema as a deprecated property, so an editor accepts old files', () => {
    const schema = scenarioJsonSchema() as { properties: { checkpointing: { properties: Record<string, { deprecated?: boolean; enum?: string[] }> } } };
    expect(schema.properties.checkpointing.properties.registry).toMatchObject({ deprecated: true, enum: ['refcount', 'last-used-id'] });
  });
});
