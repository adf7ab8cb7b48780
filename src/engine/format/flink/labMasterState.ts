/**
 * What the engine needs back at a restore that Flink's version-4 `_metadata` has no field for,
 * carried the way Flink carries a job's own coordinator-side data: as a master state
 * (`MasterState`, written by a `MasterTriggerRestoreHook` under its identifier), here named
 * "checkpoint-lab", version 1, its payload UTF-8 JSON. Everything Flink's handles do carry
 * (paths, sizes, offsets, key-group ranges, operator state modes, channel offsets, the
 * checkpointed sizes, savepoint or not) is read from the handles themselves, not from here.
 *
 * Per operator (in the order of the metadata's operators) and per subtask:
 *  - the vertex name (v4 stores only the OperatorID, a hash of it);
 *  - a full key-groups snapshot: whether it is Snappy-compressed and its size before (Flink keeps
 *    that in the snapshot file's header, which the engine does not write);
 *  - a RocksDB handle: each file's SST number and whether this checkpoint uploaded it;
 *  - a changelog handle: the sequence numbers of this checkpoint's own delta, and the nested
 *    extras of its materialized part;
 *  - channel state: the upstream/downstream subtask of each channel and its record count.
 * Plus the job id and the trigger time (Flink keeps both outside `_metadata`).
 */
import * as v from 'valibot';
import { formatPath, int, issueKeys, strictObject, VALIDATION_CONFIG, variant } from '../../scenario/validation';

export const LAB_MASTER_STATE_NAME = 'checkpoint-lab';
export const LAB_MASTER_STATE_VERSION = 1;

const fileExtras = v.tuple([v.nullable(int(0)), v.boolean()]);
const keyGroupsExtras = strictObject({ type: v.literal('keyGroups'), compressed: v.boolean(), uncompressedSize: int(0) });
const incrementalExtras = strictObject({ type: v.literal('incremental'), shared: v.array(fileExtras), private: v.array(fileExtras) });
const nestedExtras = variant('type', [keyGroupsExtras, incrementalExtras]);
const changelogExtras = strictObject({ type: v.literal('changelog'), fromSqn: int(0), toSqn: int(0), materialized: v.array(nestedExtras) });
const channelEntry = v.tuple([v.pipe(v.string(), v.minLength(1)), int(1)]);
const subtaskExtras = strictObject({
  keyed: v.nullable(variant('type', [keyGroupsExtras, incrementalExtras, changelogExtras])),
  channel: v.optional(strictObject({ input: v.array(channelEntry), output: v.array(channelEntry) })),
});
const labStateSchema = strictObject({
  jobId: v.string(),
  triggerMs: v.pipe(v.number(), v.finite()),
  operators: v.array(strictObject({ vertex: v.pipe(v.string(), v.minLength(1)), subtasks: v.array(subtaskExtras) })),
});

export type LabMasterState = v.InferOutput<typeof labStateSchema>;
export type SubtaskExtras = LabMasterState['operators'][number]['subtasks'][number];
export type KeyedExtras = NonNullable<SubtaskExtras['keyed']>;
export type NestedExtras = v.InferOutput<typeof nestedExtras>;

const validate = v.safeParser(labStateSchema, VALIDATION_CONFIG);

export function encodeLabMasterState(s: LabMasterState): Uint8Array {
  return new TextEncoder().encode(JSON.stringify(s));
}

/** The payload read back; a problem names the field path inside the master state. */
export function decodeLabMasterState(bytes: Uint8Array): LabMasterState {
  let raw: unknown;
  try {
    raw = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch (e) {
    throw new Error(`master state "${LAB_MASTER_STATE_NAME}" is corrupt (${e instanceof Error ? e.message : String(e)})`, { cause: e });
  }
  const parsed = validate(raw);
  if (!parsed.success) {
    const [first, ...more] = parsed.issues;
    const keys = issueKeys(first);
    const others = more.length > 0 ? ` (and ${more.length} more problem${more.length === 1 ? '' : 's'})` : '';
    throw new Error(`invalid master state "${LAB_MASTER_STATE_NAME}" at ${keys.length > 0 ? formatPath(keys) : '(body)'}: ${first.message}${others}`);
  }
  return parsed.output;
}
