/**
 * The lesson format `checkpoint-lab/lesson@1`: a scenario and ordered stops, each anchored to an
 * engine event by a selector (never a step number, so a lesson survives engine changes), with a
 * short text in English and Chinese, the elements to highlight and optionally a question whose
 * answer is computed from the recorded run (facts), never written into the lesson.
 */
import * as v from 'valibot';
import { FLINK_REFS, int, strictObject, variant, type EventType } from '../engine';

export const LESSON_FORMAT = 'checkpoint-lab/lesson@1';

/** Size limits: a lesson is a few KB; these bound what a pasted file can make the app do. */
export const LESSON_LIMITS = { stops: 40, textChars: 1200, titleChars: 120, facts: 16, choices: 6, whereFields: 8, highlights: 6 } as const;

/** Every engine event type, for selectors (the compiler keeps FLINK_REFS complete). */
export const EVENT_TYPES = Object.keys(FLINK_REFS) as EventType[];

/**
 * The elements the lesson player knows how to highlight. Each names a region of the app (the
 * player maps it to a `data-lesson-target` attribute), never a CSS selector, so lessons do not
 * break when the markup changes.
 */
export const HIGHLIGHT_TARGETS = [
  'job-graph',
  'checkpoints',
  'timeline',
  'charts',
  'registry',
  'restore',
  'storage',
  'task-state',
  'changelog',
  'narration',
  'events',
  'actions',
  'controls',
] as const;
export type HighlightTarget = (typeof HIGHLIGHT_TARGETS)[number];

const text = (max: number) => v.pipe(v.string(), v.minLength(1), v.maxLength(max));
/** A text in both languages; `{name}` placeholders are filled from the stop's facts. */
const bilingual = (max: number) => strictObject({ en: text(max), zh: text(max) });

const scalar = v.union([v.string(), v.number(), v.boolean(), v.null()]);

const eventType = v.picklist(EVENT_TYPES);
/** A field of an event, or a field inside one (`compression.originalBytes`). */
const fieldPath = v.pipe(v.string(), v.maxLength(100), v.regex(/^[A-Za-z][A-Za-z0-9]*(\.[A-Za-z][A-Za-z0-9]*)*$/, 'a field name, or a dotted path like "compression.originalBytes"'));

/**
 * An event selector: the `nth` (1-based) event of this type whose fields equal `where`'s. Without
 * `nth` exactly one event may match, or the anchor is ambiguous.
 */
export const selectorSchema = strictObject({
  event: eventType,
  where: v.optional(v.pipe(v.record(v.pipe(v.string(), v.regex(/^[A-Za-z][A-Za-z0-9]*$/, 'a field name')), scalar), v.maxEntries(LESSON_LIMITS.whereFields))),
  nth: v.optional(int(1, 1000)),
});
export type Selector = v.InferOutput<typeof selectorSchema>;

const task = v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z][\w-]*#\d+$/, 'a task name like "count#0"')));
const cpId = int(1, 100_000);

/** Engine facts a text quotes or a question asks, evaluated at the stop (src/lessons/facts.ts). */
export const factSchema = variant('fact', [
  /** A field of the stop's anchor event. */
  strictObject({ fact: v.literal('anchor'), field: fieldPath }),
  /** A field of another event, chosen by a selector among the events up to the stop. */
  strictObject({ fact: v.literal('eventField'), select: selectorSchema, field: fieldPath }),
  /** How many events up to the stop match (type and `where`). */
  strictObject({ fact: v.literal('count'), event: eventType, where: v.optional(v.record(v.string(), scalar)) }),
  /** The local SST numbers a task uploaded for a checkpoint (file.uploaded), up to the stop. */
  strictObject({ fact: v.literal('uploadedSsts'), checkpointId: cpId, task }),
  /** The local SST numbers a completed checkpoint's handle references (its shared files). */
  strictObject({ fact: v.literal('sharedSsts'), checkpointId: cpId, task }),
  /** The shared-state registry's reference count of an SST's registered file now (≤1.14; null in the last-used-id model). */
  strictObject({ fact: v.literal('referenceCount'), sst: int(1, 100_000), task }),
  /** The last checkpoint id that used an SST's registered file (≥1.15's lastUsedCheckpointID). */
  strictObject({ fact: v.literal('lastUsedCheckpointId'), sst: int(1, 100_000), task }),
  /** The retained checkpoints' ids now, oldest first. */
  strictObject({ fact: v.literal('retainedCheckpoints') }),
  /** The SSTs whose uploaded files were deleted up to the stop. */
  strictObject({ fact: v.literal('deletedSsts'), task }),
  /** Changelog backend: the materialization a checkpoint's handle contains (null: none). */
  strictObject({ fact: v.literal('materializationOf'), checkpointId: cpId, task }),
  /** Changelog backend: the change sets (their sequence numbers, 1-based as a learner counts them) a checkpoint's handle holds. */
  strictObject({ fact: v.literal('changeSetsOf'), checkpointId: cpId, task }),
  /** Changelog backend: the sequence number below which the log is truncated now. */
  strictObject({ fact: v.literal('changelogLowestSqn'), task }),
  /** The sum of a numeric field over the events up to the stop that match (type and `where`), e.g. bytes uploaded. */
  strictObject({ fact: v.literal('sum'), event: eventType, field: fieldPath, where: v.optional(v.record(v.string(), scalar)) }),
  /** Failover: the records the sources read after the barrier of the checkpoint the latest restore started from, before that restore: what they read again. */
  strictObject({ fact: v.literal('rewoundRecords') }),
  /** The key groups a keyed subtask owns now, as text `first–last` (KeyGroupRangeAssignment). */
  strictObject({ fact: v.literal('keyGroupRange'), task }),
  /** The operator state entries a subtask received at its latest restore (`p0@49`, `tx-7 +1`, `rule-0=9`), optionally of one state. */
  strictObject({ fact: v.literal('restoredEntries'), task, state: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(100))) }),
  /** How many keyed-state files a subtask read at its latest restore. */
  strictObject({ fact: v.literal('restoredFileCount'), task }),
  /** The sink's output: copies of records visible downstream beyond each record's first (duplicates a reader sees). */
  strictObject({ fact: v.literal('sinkDuplicates') }),
  /** The SSTs a completed checkpoint references but did not upload itself: in its full size, not in its checkpointed size. */
  strictObject({ fact: v.literal('reusedSsts'), checkpointId: cpId, task }),
  /** A completed checkpoint's full size minus its checkpointed size (state_size − checkpointed_size): bytes it references from earlier checkpoints. */
  strictObject({ fact: v.literal('reusedBytes'), checkpointId: cpId }),
]);
export type Fact = v.InferOutput<typeof factSchema>;

/** When a choice is right: the fact's value contains, equals or is (non-)empty. */
const predicateSchema = v.union([
  strictObject({ fact: factSchema, contains: scalar }),
  strictObject({ fact: factSchema, equals: v.union([scalar, v.array(scalar)]) }),
  strictObject({ fact: factSchema, empty: v.boolean() }),
]);
export type Predicate = v.InferOutput<typeof predicateSchema>;

const prompt = bilingual(LESSON_LIMITS.textChars);
/** The "why" shown after an answer; placeholders: the stop's facts and `{answer}`. */
const explain = bilingual(LESSON_LIMITS.textChars);

/**
 * A later event the answer is evaluated at: the question is asked at the stop, before the view
 * shows what it asks about; once answered, the player steps to this event and shows it. The
 * explanation's placeholders read the stop's facts at that event too.
 */
const answerAtSchema = v.pipe(selectorSchema, v.description('An event selector (like "anchor") for a later event: the answer and the explanation\'s facts are evaluated there, and the player steps to it after the learner answers.'));

export const questionSchema = variant('kind', [
  /** Pick the files: the answer is the SST list `answer` evaluates to; options are every SST of the task so far. */
  strictObject({ kind: v.literal('files'), prompt, answer: factSchema, answerAt: v.optional(answerAtSchema), explain }),
  /** A number: the answer is the number `answer` evaluates to. */
  strictObject({ kind: v.literal('number'), prompt, answer: factSchema, answerAt: v.optional(answerAtSchema), explain }),
  /** One of several choices: exactly one choice's predicate must hold in the run. */
  strictObject({
    kind: v.literal('choice'),
    prompt,
    choices: v.pipe(v.array(strictObject({ text: bilingual(300), holds: predicateSchema })), v.minLength(2), v.maxLength(LESSON_LIMITS.choices)),
    explain,
  }),
  /** What happens next: the first event after the stop whose type is among `among`. */
  strictObject({
    kind: v.literal('next'),
    prompt,
    among: v.pipe(v.array(eventType), v.minLength(2), v.maxLength(LESSON_LIMITS.choices)),
    explain,
  }),
]);
export type Question = v.InferOutput<typeof questionSchema>;

/** `scenarios/<name>.json` of the project, or a scenario document written inline. */
const scenarioRefSchema = v.union([
  v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9-]*\.json$/, 'a file name of scenarios/, like "seed002-refcount.json"')),
  v.pipe(v.record(v.string(), v.unknown()), v.description('An inline checkpoint-lab/scenario@1 document (see scenario.schema.json).')),
]);
export type ScenarioRef = v.InferOutput<typeof scenarioRefSchema>;

export const stopSchema = strictObject({
  anchor: selectorSchema,
  /** The run a stop is on, when not the lesson's (e.g. the same job under another Flink version). */
  scenario: v.optional(scenarioRefSchema),
  highlight: v.pipe(v.array(v.picklist(HIGHLIGHT_TARGETS)), v.minLength(1), v.maxLength(LESSON_LIMITS.highlights)),
  title: bilingual(LESSON_LIMITS.titleChars),
  text: bilingual(LESSON_LIMITS.textChars),
  facts: v.optional(v.pipe(v.record(v.pipe(v.string(), v.regex(/^[a-z][A-Za-z0-9]*$/, 'a fact name like "cp3Uploads"')), factSchema), v.maxEntries(LESSON_LIMITS.facts))),
  question: v.optional(questionSchema),
});
export type Stop = v.InferOutput<typeof stopSchema>;

export const lessonSchema = strictObject({
  format: v.literal(LESSON_FORMAT),
  id: v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9-]{0,47}$/, 'lowercase letters, digits and dashes, at most 48')),
  number: int(1, 99),
  title: bilingual(LESSON_LIMITS.titleChars),
  summary: bilingual(LESSON_LIMITS.textChars),
  level: v.picklist(['beginner', 'intermediate', 'advanced']),
  minutes: int(1, 120),
  scenario: scenarioRefSchema,
  stops: v.pipe(v.array(stopSchema), v.minLength(1), v.maxLength(LESSON_LIMITS.stops)),
});
export type Lesson = v.InferOutput<typeof lessonSchema>;
