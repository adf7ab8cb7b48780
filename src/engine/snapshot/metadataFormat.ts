/**
 * The `_metadata` file of a completed checkpoint or savepoint (Flink's `Checkpoints
 * .storeCheckpointMetadata`): Flink's magic number, then a version, then the body. Flink's body
 * is a binary MetadataV3/V4 serialization; Checkpoint Lab writes its own version (1001) whose
 * body is JSON (byte arrays as base64), so that learners can open and read it. Restores read
 * this file back from storage and nothing else: the engine's memory is not consulted.
 */
import { z } from '../scenario/zodConfig';
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

const range = z.strictObject({ startKeyGroup: z.number().int(), endKeyGroup: z.number().int() });
const stream = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('file'),
    path: z.string().min(1),
    size: z.number().int().min(0),
  }),
  z.strictObject({ type: z.literal('inline'), name: z.string(), bytes: z.instanceof(Uint8Array) }),
]);
const handleAndLocalPath = z.strictObject({
  localPath: z.string(),
  handle: stream,
  sst: z.number().int().nullable(),
  uploadedNow: z.boolean(),
});
const keyGroupsHandle = z.strictObject({
  type: z.literal('keyGroups'),
  keyGroupRange: range,
  offsets: z.array(z.number().int().min(0)),
  delegate: stream,
  compressed: z.boolean(),
  uncompressedSize: z.number().int().min(0),
});
const incrementalHandle = z.strictObject({
  type: z.literal('incremental'),
  backendIdentifier: z.string(),
  keyGroupRange: range,
  checkpointId: z.number().int(),
  sharedState: z.array(handleAndLocalPath),
  privateState: z.array(handleAndLocalPath),
  metaStateHandle: stream,
  persistedSizeOfThisCheckpoint: z.number().int().min(0),
});
const nested = z.discriminatedUnion('type', [keyGroupsHandle, incrementalHandle]);
const changelogStream = z.strictObject({
  handlesAndOffsets: z.array(
    z.strictObject({ file: z.string().min(1), offset: z.number().int().min(0) }),
  ),
  keyGroupRange: range,
  stateSize: z.number().int().min(0),
  checkpointedSize: z.number().int().min(0),
  storageIdentifier: z.literal('filesystem'),
});
const changelogHandle = z.strictObject({
  type: z.literal('changelog'),
  keyGroupRange: range,
  checkpointId: z.number().int(),
  materializationId: z.number().int().min(0),
  materialized: z.array(nested),
  nonMaterialized: z.array(changelogStream),
  dstlFiles: z.array(z.strictObject({ path: z.string().min(1), size: z.number().int().min(0) })),
  fromSqn: z.number().int().min(0),
  toSqn: z.number().int().min(0),
  persistedSizeOfThisCheckpoint: z.number().int().min(0),
});
const keyed = z.discriminatedUnion('type', [keyGroupsHandle, incrementalHandle, changelogHandle]);
const channelEntry = z.strictObject({ channel: z.string().min(1), offset: z.number().int().min(0), count: z.number().int().min(1) });
const channelState = z.strictObject({ type: z.literal('channel'), input: z.array(channelEntry), output: z.array(channelEntry), delegate: stream });
const operator = z.strictObject({
  type: z.literal('operator'),
  states: z.array(
    z.strictObject({
      name: z.string(),
      mode: z.enum(['SPLIT_DISTRIBUTE', 'UNION', 'BROADCAST']),
      offsets: z.array(z.number().int().min(0)),
    }),
  ),
  delegate: stream,
});
const metadataSchema = z.strictObject({
  checkpointId: z.number().int().positive(),
  isSavepoint: z.boolean(),
  jobId: z.string(),
  triggerMs: z.number(),
  maxParallelism: z.number().int().positive(),
  operators: z.array(
    z.strictObject({
      vertex: z.string(),
      parallelism: z.number().int().positive(),
      subtasks: z.array(z.strictObject({ keyed: keyed.nullable(), operator: operator.nullable(), channel: channelState.optional() })),
    }),
  ),
});

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
  const parsed = metadataSchema.safeParse(raw);
  if (!parsed.success) {
    const i = parsed.error.issues[0]!;
    throw new Error(`${path}: invalid metadata at ${i.path.join('.') || '(body)'}: ${i.message}`);
  }
  return parsed.data;
}
