import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { lessonJsonSchema } from './lessonJsonSchema';

describe('the shipped lesson JSON Schema', () => {
  it('is the one lessons are validated with (regenerate with npx tsx scripts/generate-lesson-schema.ts)', () => {
    const shipped = JSON.parse(readFileSync(new URL('../../docs/lesson.schema.json', import.meta.url), 'utf8'));
    expect(shipped).toEqual(JSON.parse(JSON.stringify(lessonJsonSchema())));
  });

  it('lists every question kind and fact, and requires the anchor of a stop', () => {
    const s = JSON.stringify(lessonJsonSchema());
    for (const k of ['"files"', '"number"', '"choice"', '"next"', '"uploadedSsts"', '"referenceCount"', '"changeSetsOf"']) expect(s).toContain(k);
    const stop = (lessonJsonSchema() as { $defs: Record<string, { required: string[] }> }).$defs.Stop!;
    expect(stop.required).toContain('anchor');
  });
});
