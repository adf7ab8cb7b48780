/**
 * The `_metadata` file of a completed checkpoint or savepoint (Flink's `Checkpoints
 * .storeCheckpointMetadata`): Flink's magic number, then a version, then the body. Flink's body
 * is a binary MetadataV3/V4 serialization; Checkpoint Lab writes its own version (1001) whose
 * body is JSON (byte arrays as base64), so that learners can open and read it. Restores read
 * this file back from storage and nothing else: the engine's memory is not consulted.
 */
import * as v from 'valibot';
import { formatPath, int, issueKeys, strictObject, VALIDATION_CONFIG, variant } from '../scenario/validation';
import type { SubtaskStateSnapshot } from './stateHandles';

/** Flink's `MetadataSerializers` magic number. */
export const METADATA_MAGIC = 0x4960672d;
/** Checkpoint Lab's metadata version (Flink's own versions are 1–5). */
export const METADATA_VERSION = 1001;

export interface CheckpointMetadata {
  checkpointId: number;
  isSavepoint: boolean;
  jobId: string;
  triggerMs: number;
  /** Fixed for the life of the job; restores at any parallelism keep it. */
  maxParallelism: number;
  /** Per vertex (operator), the state of each subtask at the parallelism it ran with. */
  operators: { vertex: string; parallelism: number; subtasks: SubtaskStateSnapshot[] }[];
}

function toBase64(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i++) s += String.fromCharCode(bytes[i]!);
  return btoa(s);
}

function fromBase64(s: string): Uint8Array {
  const bin = atob(s);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** Serializes metadata into the `_metadata` bytes. */
export function encodeMetadata(meta: CheckpointMetadata): Uint8Array {
  const json = JSON.stringify(meta, (_k, v: unknown) =>
    v instanceof Uint8Array ? { $bytes: toBase64(v) } : v,
  );
  const body = new TextEncoder().encode(json);
  const out = new Uint8Array(8 + body.length);
  const view = new DataView(out.buffer);
  view.setInt32(0, METADATA_MAGIC);
  view.setInt32(4, METADATA_VERSION);
  out.set(body, 8);
  return out;
}

/** Sizes, offsets and sequence numbers. */
const nonNegative = int(0);
const range = strictObject({ startKeyGroup: int(), endKeyGroup: int() });
const stream = variant('type', [
  strictObject({
    type: v.literal('file'),
    path: v.pipe(v.string(), v.minLength(1)),
    size: nonNegative,
  }),
  strictObject({ type: v.literal('inline'), name: v.string(), bytes: v.instance(Uint8Array) }),
]);
const handleAndLocalPath = strictObject({
  localPath: v.string(),
  handle: stream,
  sst: v.nullable(int()),
  uploadedNow: v.boolean(),
});
const keyGroupsHandle = strictObject({
  type: v.literal('keyGroups'),
  keyGroupRange: range,
  offsets: v.array(nonNegative),
  delegate: stream,
  compressed: v.boolean(),
  uncompressedSize: nonNegative,
});
const incrementalHandle = strictObject({
  type: v.literal('incremental'),
  backendIdentifier: v.string(),
  keyGroupRange: range,
  checkpointId: int(),
  sharedState: v.array(handleAndLocalPath),
  privateState: v.array(handleAndLocalPath),
  metaStateHandle: stream,
  persistedSizeOfThisCheckpoint: nonNegative,
});
const nested = variant('type', [keyGroupsHandle, incrementalHandle]);
const changelogStream = strictObject({
  handlesAndOffsets: v.array(strictObject({ file: v.pipe(v.string(), v.minLength(1)), offset: nonNegative })),
  keyGroupRange: range,
  stateSize: nonNegative,
  checkpointedSize: nonNegative,
  storageIdentifier: v.literal('filesystem'),
});
const changelogHandle = strictObject({
  type: v.literal('changelog'),
  keyGroupRange: range,
  checkpointId: int(),
  materializationId: nonNegative,
  materialized: v.array(nested),
  nonMaterialized: v.array(changelogStream),
  dstlFiles: v.array(strictObject({ path: v.pipe(v.string(), v.minLength(1)), size: nonNegative })),
  fromSqn: nonNegative,
  toSqn: nonNegative,
  persistedSizeOfThisCheckpoint: nonNegative,
});
const keyed = variant('type', [keyGroupsHandle, incrementalHandle, changelogHandle]);
const channelEntry = strictObject({ channel: v.pipe(v.string(), v.minLength(1)), offset: nonNegative, count: int(1) });
const channelState = strictObject({ type: v.literal('channel'), input: v.array(channelEntry), output: v.array(channelEntry), delegate: stream });
const operator = strictObject({
  type: v.literal('operator'),
  states: v.array(
    strictObject({
      name: v.string(),
      mode: v.picklist(['SPLIT_DISTRIBUTE', 'UNION', 'BROADCAST']),
      offsets: v.array(nonNegative),
    }),
  ),
  delegate: stream,
});
const metadataSchema = strictObject({
  checkpointId: int(1),
  isSavepoint: v.boolean(),
  jobId: v.string(),
  triggerMs: v.pipe(v.number(), v.finite()),
  maxParallelism: int(1),
  operators: v.array(
    strictObject({
      vertex: v.string(),
      parallelism: int(1),
      subtasks: v.array(strictObject({ keyed: v.nullable(keyed), operator: v.nullable(operator), channel: v.optional(channelState) })),
    }),
  ),
});
/** Built once: every restore reads a `_metadata` file. */
const validateMetadata = v.safeParser(metadataSchema, VALIDATION_CONFIG);

/** Reads `_metadata` bytes; every problem names the file and, for the body, the field path. */
export function decodeMetadata(bytes: Uint8Array, path: string): CheckpointMetadata {
  if (bytes.length < 8)
    throw new Error(`${path}: too short to be checkpoint metadata (${bytes.length} bytes)`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const magic = view.getInt32(0);
  if (magic !== METADATA_MAGIC)
    throw new Error(
      `${path}: not checkpoint metadata (magic number 0x${(magic >>> 0).toString(16)}, expected 0x4960672d)`,
    );
  const version = view.getInt32(4);
  if (version !== METADATA_VERSION) {
    throw new Error(
      `${path}: metadata version ${version} is Flink's own binary format; this restore reads Checkpoint Lab's version ${METADATA_VERSION}`,
    );
  }
  let raw: unknown;
  try {
    raw = JSON.parse(
      new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(8)),
      (_k, v: unknown) =>
        v !== null &&
        typeof v === 'object' &&
        typeof (v as { $bytes?: unknown }).$bytes === 'string'
          ? fromBase64((v as { $bytes: string }).$bytes)
          : v,
    );
  } catch (e) {
    throw new Error(
      `${path}: the metadata body is corrupt (${e instanceof Error ? e.message : String(e)})`,
      { cause: e },
    );
  }
  const parsed = validateMetadata(raw);
  if (!parsed.success) {
    // One Error names one place; the count says whether the file is damaged beyond that.
    const [first, ...more] = parsed.issues;
    const keys = issueKeys(first);
    const where = keys.length > 0 ? formatPath(keys) : '(body)';
    const others = more.length > 0 ? ` (and ${more.length} more problem${more.length === 1 ? '' : 's'})` : '';
    throw new Error(`${path}: invalid metadata at ${where}: ${first.message}${others}`);
  }
  return parsed.output;
}
