/** The scenario script: timed actions, one schema per `do` (SCENARIO.md, "Actions"). */
import { z } from './zodConfig';

const taskName = z.string().regex(/^[A-Za-z][\w-]*#\d+$/, 'a task name is <operator>#<subtaskIndex>, e.g. "count#0"');
const recordKey = z.union([z.string().max(200), z.number().int().min(-2147483648).max(2147483647)]);

export const recordSchema = z.strictObject({
  key: recordKey,
  value: z.number().finite(),
});

const at = { atMs: z.number().int().min(0).max(1e9) };

export const actionSchema = z.discriminatedUnion('do', [
  z.strictObject({ ...at, do: z.literal('emit'), records: z.array(recordSchema).min(1).max(10_000), source: taskName.optional() }),
  z.strictObject({ ...at, do: z.literal('checkpoint'), id: z.number().int().positive().optional() }),
  z.strictObject({ ...at, do: z.literal('savepoint') }),
  z.strictObject({ ...at, do: z.literal('flush'), task: taskName }),
  z.strictObject({ ...at, do: z.literal('compact'), task: taskName, files: z.array(z.number().int().positive()).min(1).max(1000) }),
  z.strictObject({ ...at, do: z.literal('materialize'), task: taskName.optional() }),
  z.strictObject({
    ...at,
    do: z.literal('fail'),
    task: taskName,
    /** `materialization`: during the task's next materialization (changelog backend). */
    phase: z.enum(['now', 'sync', 'async', 'before-ack', 'materialization']).default('now'),
  }),
  z.strictObject({ ...at, do: z.literal('decline'), task: taskName, checkpoint: z.number().int().positive().optional() }),
  z.strictObject({ ...at, do: z.literal('failUploads'), count: z.number().int().min(1).max(1000), task: taskName.optional() }),
  /** Remote storage becomes `factor` times slower (latency and bandwidth) for `durationMs` (0: until the end). */
  z.strictObject({ ...at, do: z.literal('slowStorage'), factor: z.number().min(1).max(1000).default(10), durationMs: z.number().int().min(0).max(1e9).default(0) }),
  z.strictObject({
    ...at,
    do: z.literal('restore'),
    checkpoint: z.union([z.literal('latest'), z.number().int().positive()]).default('latest'),
    parallelism: z.number().int().min(1).max(64).optional(),
    changelog: z.boolean().optional(),
  }),
]);

export type ScenarioAction = z.infer<typeof actionSchema>;
export type ScenarioRecord = z.infer<typeof recordSchema>;
