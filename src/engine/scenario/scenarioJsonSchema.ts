/** The scenario format as a JSON Schema (draft 2020-12), generated from the validating schema. */
import { z } from './zodConfig';
import { SCENARIO_FORMAT, scenarioSchema } from './scenarioSchema';

export function scenarioJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(scenarioSchema, { io: 'input', target: 'draft-2020-12' }) as Record<string, unknown>;
  return {
    $id: 'https://checkpoint-lab.local/scenario.schema.json',
    title: `Checkpoint Lab scenario (${SCENARIO_FORMAT})`,
    description: 'A JSON document that fully determines a Checkpoint Lab run. See docs/scenario-format.md.',
    ...schema,
  };
}
