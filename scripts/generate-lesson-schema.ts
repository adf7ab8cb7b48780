/**
 * Writes docs/lesson.schema.json from the valibot schema lessons are validated with; a unit test
 * fails when they drift. Run: npx tsx scripts/generate-lesson-schema.ts
 */
import { writeFileSync } from 'node:fs';
import { lessonJsonSchema } from '../src/lessons/lessonJsonSchema';

writeFileSync(new URL('../docs/lesson.schema.json', import.meta.url), JSON.stringify(lessonJsonSchema(), null, 2) + '\n');
console.log('docs/lesson.schema.json written');
