/**
 * Writes docs/scenario.schema.json from the valibot schema the engine validates with, so the JSON
 * Schema shipped to users is the one actually enforced. A unit test fails when they drift.
 * Run: npx tsx scripts/generate-scenario-schema.ts
 */
import { writeFileSync } from 'node:fs';
import { scenarioJsonSchema } from '../src/engine/scenario/scenarioJsonSchema';

writeFileSync(new URL('../docs/scenario.schema.json', import.meta.url), JSON.stringify(scenarioJsonSchema(), null, 2) + '\n');
console.log('docs/scenario.schema.json written');
