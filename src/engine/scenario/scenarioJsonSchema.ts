/**
 * The scenario format as a JSON Schema (draft 2020-12), generated from the validating schema.
 * Only scripts/generate-scenario-schema.ts and its test use it, so the converter (a dev
 * dependency) never reaches the app bundle.
 */
import { toJsonSchema, type ConversionConfig } from '@valibot/to-json-schema';
import { DEPRECATED_CHECKPOINTING_PROPERTIES } from './legacyFields';
import { SCENARIO_FORMAT, scenarioSchema } from './scenarioSchema';

export const CONVERSION: ConversionConfig = {
  target: 'draft-2020-12',
  // The shape a person writes: fields with a default are optional and show it as `default`.
  typeMode: 'input',
  overrideAction: ({ valibotAction, jsonSchema }) => {
    // JSON has no Infinity or NaN, so `type: number` already says "finite".
    if (valibotAction.type === 'finite') return jsonSchema;
    // JSON Schema has no message for a pattern; a description keeps the rule in words.
    const message = (valibotAction as { message?: unknown }).message;
    if (valibotAction.type === 'regex' && typeof message === 'string') return { ...jsonSchema, description: message };
    return null;
  },
  overrideSchema: ({ valibotSchema, jsonSchema }) => {
    // Tidier for editors and readers: a string constant also says it is a string, and an object
    // whose fields are all optional lists no empty `required`.
    if (valibotSchema.type === 'literal' && typeof jsonSchema.const === 'string') return { type: 'string', ...jsonSchema };
    if (Array.isArray(jsonSchema.required) && jsonSchema.required.length === 0) {
      const { required: _none, ...rest } = jsonSchema;
      return rest;
    }
    return null;
  },
};

interface ObjectSchema {
  properties: Record<string, { properties: Record<string, unknown> }>;
}

export function scenarioJsonSchema(): Record<string, unknown> {
  const schema = toJsonSchema(scenarioSchema, CONVERSION) as unknown as ObjectSchema & Record<string, unknown>;
  // Old files may still carry deprecated fields that parseScenario maps before validating
  // (legacyFields.ts): the valibot schema never sees them, so they are added here, marked deprecated.
  const cp = schema.properties.checkpointing!;
  cp.properties = { ...cp.properties, ...DEPRECATED_CHECKPOINTING_PROPERTIES };
  return {
    $id: 'https://checkpoint-lab.local/scenario.schema.json',
    title: `Checkpoint Lab scenario (${SCENARIO_FORMAT})`,
    description: 'A JSON document that fully determines a Checkpoint Lab run. See docs/scenario-format.md.',
    ...schema,
  };
}
