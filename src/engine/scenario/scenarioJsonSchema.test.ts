import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { scenarioJsonSchema } from './scenarioJsonSchema';

describe('the shipped JSON Schema', () => {
  it('is the one the engine validates with (regenerate with npx tsx scripts/generate-scenario-schema.ts)', () => {
    const shipped = JSON.parse(readFileSync(new URL('../../../docs/scenario.schema.json', import.meta.url), 'utf8'));
    expect(shipped).toEqual(JSON.parse(JSON.stringify(scenarioJsonSchema())));
  });

  it('describes every action and requires the format field', () => {
    const s = JSON.stringify(scenarioJsonSchema());
    for (const action of ['emit', 'checkpoint', 'savepoint', 'flush', 'compact', 'materialize', 'fail', 'decline', 'failUploads', 'restore']) expect(s).toContain(`"${action}"`);
    expect((scenarioJsonSchema() as { required: string[] }).required).toContain('format');
  });
});
