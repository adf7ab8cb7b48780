/**
 * The lesson format as a JSON Schema, generated from the validating valibot schema with the
 * scenario schema's conversion rules. Only scripts/generate-lesson-schema.ts and its test use it.
 */
import { toJsonSchema } from '@valibot/to-json-schema';
import { CONVERSION } from '../engine/schemaConversion';
import { factSchema, LESSON_FORMAT, lessonSchema, questionSchema, selectorSchema, stopSchema } from './lessonSchema';

export function lessonJsonSchema(): Record<string, unknown> {
  return {
    $id: 'https://checkpoint-lab.local/lesson.schema.json',
    title: `Checkpoint Lab lesson (${LESSON_FORMAT})`,
    description: 'A guided lesson over a Checkpoint Lab run: stops anchored to engine events, texts in English and Chinese, questions answered by the engine. See docs/lesson-format.md.',
    // Shared parts become $defs, so a fact or selector is described once.
    ...toJsonSchema(lessonSchema, { ...CONVERSION, definitions: { Fact: factSchema, Selector: selectorSchema, Question: questionSchema, Stop: stopSchema } }),
  };
}
