/**
 * Checkpoint Lab's `_metadata` before it wrote Flink's layout: Flink's magic number, version 1001,
 * then a JSON body (byte arrays as base64). Runs stored in IndexedDB by earlier versions of the
 * app hold such files; restores still read them. Nothing writes this format any more.
 */
import * as v from 'valibot';
import { formatPath, int, issueKeys, strictObject, VALIDATION_CONFIG, variant } from '../scenario/validation';
import type { CheckpointMetadata } from './metadataFormat';

/** The version number Checkpoint Lab's JSON `_metadata` carried after the magic number. */
export const LEGACY_JSON_METADATA_VERSION = 1001;

function fromBase64(s: string): Uint8Array {
  const bin = atob(s);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
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

/** Reads a 1001 `_metadata` (magic and version already checked); problems name the file and field path. */
export function decodeLegacyJsonMetadata(bytes: Uint8Array, path: string): CheckpointMetadata {
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
