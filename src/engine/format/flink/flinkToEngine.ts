/**
 * The inverse of engineToFlink.ts: a `_metadata` in Flink's layout (read by the inspector's
 * reader) back into the engine's handles, for a restore. Paths: a RelativeFileStateHandle lies in
 * the checkpoint's own directory (where `_metadata` is), a FileStateHandle under
 * `file:/checkpoint-lab/` is a path in the engine's storage, inline bytes stay inline. What Flink's
 * handles do not carry comes from the master state "checkpoint-lab" (labMasterState.ts); a
 * `_metadata` without it was not written by this simulator and is refused, naming why.
 */
import type { ChannelStateHandle as FlinkChannelHandle, CheckpointMetadata as FlinkMetadata, KeyedHandle, KeyGroupRange, StreamHandle } from '../../../inspector/metadata';
import type { CheckpointMetadata as EngineMetadata } from '../metadataFormat';
import type { ChangelogStateBackendHandle, ChannelStateEntry, NestedKeyedStateHandle, StreamStateHandle, SubtaskStateSnapshot } from '../stateHandles';
import { FS_CHANGELOG_STORAGE_IDENTIFIER } from '../../changelog/dstl/changelogStateHandle';
import { simulatedOperatorId, SIMULATED_CHECKPOINTS_DIR } from './engineToFlink';
import { decodeLabMasterState, LAB_MASTER_STATE_NAME, LAB_MASTER_STATE_VERSION, type KeyedExtras, type NestedExtras, type SubtaskExtras } from './labMasterState';

/** A `_metadata` that reads as Flink's but cannot be this simulator's; the message says why. */
export class NotSimulatorMetadataError extends Error {}

const fail = (where: string, what: string): never => {
  throw new Error(`${where}: ${what}`);
};

function range(r: KeyGroupRange): { startKeyGroup: number; endKeyGroup: number } {
  return r.count === 0 ? { startKeyGroup: 0, endKeyGroup: -1 } : { startKeyGroup: r.start, endKeyGroup: r.end };
}

/**
 * @param checkpointDir the directory `_metadata` was read from (relative handles lie in it)
 */
export function flinkMetadataToEngine(m: FlinkMetadata, checkpointDir: string): EngineMetadata {
  const labState = m.masterStates.find((s) => s.name === LAB_MASTER_STATE_NAME);
  if (!labState) {
    throw new NotSimulatorMetadataError(
      `metadata version ${m.metadataVersion} written by Flink itself (no master state "${LAB_MASTER_STATE_NAME}" with what the simulator needs to restore); open it in the checkpoint inspector instead`,
    );
  }
  if (labState.version !== LAB_MASTER_STATE_VERSION) fail(`master state "${LAB_MASTER_STATE_NAME}"`, `version ${labState.version}, this restore reads version ${LAB_MASTER_STATE_VERSION}`);
  const lab = decodeLabMasterState(labState.data ?? new Uint8Array());
  if (lab.operators.length !== m.operators.length) fail(`master state "${LAB_MASTER_STATE_NAME}"`, `names ${lab.operators.length} operators, the metadata has ${m.operators.length}`);
  const properties = m.properties;
  if (!properties) fail('checkpoint properties', 'missing (metadata version 3 has none)');
  const isSavepoint = properties!.snapshotType === 'SAVEPOINT';
  const maxParallelism = m.operators[0]?.maxParallelism ?? 1;

  const stream = (h: StreamHandle | null, where: string): StreamStateHandle => {
    if (!h) return fail(where, 'no stream handle');
    switch (h.type) {
      case 'ByteStreamStateHandle':
        return { type: 'inline', name: h.handleName, bytes: h.data.slice() };
      case 'RelativeFileStateHandle':
        return { type: 'file', path: `${checkpointDir}/${h.relativePath}`, size: h.size };
      case 'FileStateHandle':
        if (!h.filePath.startsWith(`${SIMULATED_CHECKPOINTS_DIR}/`)) fail(where, `file ${h.filePath} is outside the simulator's storage (${SIMULATED_CHECKPOINTS_DIR}/)`);
        return { type: 'file', path: h.filePath.slice(SIMULATED_CHECKPOINTS_DIR.length + 1), size: h.size };
      default:
        return fail(where, `${h.type} is not a handle the simulator writes`);
    }
  };

  const nested = (h: KeyedHandle, x: NestedExtras | undefined, where: string): NestedKeyedStateHandle => {
    if ((h.type === 'KeyGroupsStateHandle' || h.type === 'KeyGroupsSavepointStateHandle') && x?.type === 'keyGroups') {
      return { type: 'keyGroups', keyGroupRange: range(h.keyGroupRange), offsets: [...h.offsets], delegate: stream(h.delegate, where), compressed: x.compressed, uncompressedSize: x.uncompressedSize };
    }
    if (h.type === 'IncrementalRemoteKeyedStateHandle' && x?.type === 'incremental') {
      if (x.shared.length !== h.sharedState.length || x.private.length !== h.privateState.length) fail(where, 'the file lists differ from the master state');
      const files = (list: typeof h.sharedState, extras: typeof x.shared, kind: string) =>
        list.map((f, i) => ({ localPath: f.localPath, handle: stream(f.handle, `${where} / ${kind} ${i}`), sst: extras[i]![0], uploadedNow: extras[i]![1] }));
      return {
        type: 'incremental',
        backendIdentifier: h.backendIdentifier,
        keyGroupRange: range(h.keyGroupRange),
        checkpointId: h.checkpointId,
        sharedState: files(h.sharedState, x.shared, 'shared file'),
        privateState: files(h.privateState, x.private, 'private file'),
        metaStateHandle: stream(h.metaDataStateHandle, `${where} / meta data`),
        persistedSizeOfThisCheckpoint: h.checkpointedSize ?? 0,
      };
    }
    return fail(where, `${h.type} does not match the master state's ${x?.type ?? 'nothing'}`);
  };

  const keyed = (h: KeyedHandle | null, x: KeyedExtras | null, where: string): SubtaskStateSnapshot['keyed'] => {
    if (!h && !x) return null;
    if (!h || !x) return fail(where, 'keyed state and the master state disagree');
    if (x.type !== 'changelog') return nested(h!, x, where);
    if (h!.type !== 'ChangelogStateBackendHandle') return fail(where, `${h!.type} where the master state has a changelog handle`);
    const c = h!;
    if (c.materialized.length !== x.materialized.length) fail(where, 'the materialized part differs from the master state');
    const nonMaterialized = c.nonMaterialized.map((n, i) => {
      const w = `${where} / changelog ${i}`;
      if (n.type !== 'ChangelogStateHandleStreamImpl') return fail(w, `${n.type} is not a handle the simulator writes`);
      if (n.storageIdentifier !== FS_CHANGELOG_STORAGE_IDENTIFIER) fail(w, `storage "${n.storageIdentifier}", the simulator writes "${FS_CHANGELOG_STORAGE_IDENTIFIER}"`);
      return {
        handlesAndOffsets: n.handlesAndOffsets.map((e, j) => {
          const s = stream(e.handle, `${w} / entry ${j}`);
          return s.type === 'file' ? { file: s.path, offset: e.offset } : fail(`${w} / entry ${j}`, 'a DSTL entry must be a file');
        }),
        keyGroupRange: range(n.keyGroupRange),
        stateSize: n.stateSize,
        checkpointedSize: n.checkpointedSize,
        storageIdentifier: FS_CHANGELOG_STORAGE_IDENTIFIER as typeof FS_CHANGELOG_STORAGE_IDENTIFIER,
      };
    });
    // The distinct DSTL files, in the order the handles name them, with the size each handle records.
    const dstl = new Map<string, number>();
    for (const n of c.nonMaterialized) {
      if (n.type !== 'ChangelogStateHandleStreamImpl') continue;
      for (const e of n.handlesAndOffsets) {
        const s = stream(e.handle, where);
        if (s.type === 'file' && !dstl.has(s.path)) dstl.set(s.path, s.size);
      }
    }
    const handle: ChangelogStateBackendHandle = {
      type: 'changelog',
      keyGroupRange: range(c.keyGroupRange),
      checkpointId: c.checkpointId,
      materializationId: c.materializationId,
      materialized: c.materialized.map((mh, i) => nested(mh, x.materialized[i], `${where} / materialized ${i}`)),
      nonMaterialized,
      dstlFiles: [...dstl].map(([path, size]) => ({ path, size })),
      fromSqn: x.fromSqn,
      toSqn: x.toSqn,
      persistedSizeOfThisCheckpoint: c.checkpointedSize,
    };
    return handle;
  };

  const channel = (input: FlinkChannelHandle[], output: FlinkChannelHandle[], x: SubtaskExtras['channel'], where: string): SubtaskStateSnapshot['channel'] => {
    if (!x) {
      if (input.length + output.length > 0) fail(where, 'channel state the master state does not name');
      return undefined;
    }
    if (x.input.length !== input.length || x.output.length !== output.length) fail(where, 'channel state differs from the master state');
    const first = input[0] ?? output[0];
    const delegate: StreamStateHandle = first ? stream(first.delegate, `${where} / channel state`) : { type: 'inline', name: 'channel-state', bytes: new Uint8Array() };
    const entries = (hs: FlinkChannelHandle[], xs: [string, number][]): ChannelStateEntry[] => hs.map((h, i) => ({ channel: xs[i]![0], offset: h.offsets?.[0] ?? 0, count: xs[i]![1] }));
    return { type: 'channel', input: entries(input, x.input), output: entries(output, x.output), delegate };
  };

  return {
    checkpointId: m.checkpointId,
    isSavepoint,
    jobId: lab.jobId,
    triggerMs: lab.triggerMs,
    maxParallelism,
    operators: m.operators.map((op, i) => {
      const x = lab.operators[i]!;
      const where = `operator ${i} (${x.vertex})`;
      if (op.operatorId !== simulatedOperatorId(x.vertex)) fail(where, `operator id ${op.operatorId} is not the one the simulator gives "${x.vertex}"`);
      if (op.subtasks.length !== x.subtasks.length) fail(where, `${op.subtasks.length} subtask states, the master state has ${x.subtasks.length}`);
      return {
        vertex: x.vertex,
        parallelism: op.parallelism,
        subtasks: op.subtasks.map((s, j) => {
          const w = `${where} / subtask ${j}`;
          const sx = x.subtasks[j]!;
          const operator = s.managedOperatorState;
          const ch = channel(s.inputChannelState, s.resultSubpartitionState, sx.channel, w);
          return {
            keyed: keyed(s.managedKeyedState, sx.keyed, `${w} / managed keyed state`),
            operator: operator ? { type: 'operator' as const, states: operator.states.map((st) => ({ ...st, offsets: [...st.offsets] })), delegate: stream(operator.delegate, `${w} / operator state`) } : null,
            ...(ch ? { channel: ch } : {}),
          };
        }),
      };
    }),
  };
}
