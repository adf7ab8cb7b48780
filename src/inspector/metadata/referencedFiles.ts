/**
 * Every file a checkpoint's metadata points at, with where in the job it is used: the walk over
 * all handles that the folder view and the CLI build on. Inlined state (ByteStreamStateHandle)
 * is no file and is listed separately, with its size.
 */
import type { CheckpointMetadata, KeyedHandle, OperatorStreamHandle, StreamHandle, ChannelStateHandle } from './types';

export type FileRole =
  | 'keyed state'
  | 'shared SST'
  | 'private RocksDB file'
  | 'RocksDB meta data'
  | 'operator state'
  | 'changelog (DSTL)'
  | 'channel state'
  | 'coordinator state';

export interface ReferencedFile {
  /** The path as written in the metadata: relative to the checkpoint directory, or absolute. */
  name: string;
  /** RelativeFileStateHandle (in this checkpoint's directory), FileStateHandle or a file-merging segment. */
  kind: 'relative' | 'absolute' | 'segment';
  /** Bytes as recorded in the handle (for a segment: the segment's size, not the file's). */
  size: number;
  /** Shared between checkpoints (incremental SSTs, changelog files, shared file-merging segments). */
  shared: boolean;
  role: FileRole;
  operatorId: string;
  subtaskIndex: number;
  /** For RocksDB files: the name RocksDB gives the file locally (e.g. 000010.sst). */
  localPath?: string;
  /** Byte offset of the handle's tag in `_metadata`. */
  at: number;
}

export interface InlinedState {
  operatorId: string;
  subtaskIndex: number | null;
  role: FileRole;
  handleName: string;
  size: number;
  at: number;
}

export interface ReferencedState {
  files: ReferencedFile[];
  inlined: InlinedState[];
}

interface Place {
  operatorId: string;
  subtaskIndex: number;
}

export function referencedFiles(metadata: CheckpointMetadata): ReferencedState {
  const files: ReferencedFile[] = [];
  const inlined: InlinedState[] = [];

  const stream = (h: StreamHandle | null, place: Place, role: FileRole, shared: boolean, localPath?: string): void => {
    if (!h) return;
    const extra = localPath !== undefined ? { localPath } : {};
    switch (h.type) {
      case 'RelativeFileStateHandle':
        files.push({ name: h.relativePath, kind: 'relative', size: h.size, shared, role, ...place, ...extra, at: h.at });
        return;
      case 'FileStateHandle':
        files.push({ name: h.filePath, kind: 'absolute', size: h.size, shared, role, ...place, ...extra, at: h.at });
        return;
      case 'SegmentFileStateHandle':
        files.push({ name: h.filePath, kind: 'segment', size: h.size, shared: h.scope === 'SHARED', role, ...place, ...extra, at: h.at });
        return;
      case 'ByteStreamStateHandle':
        inlined.push({ ...place, role, handleName: h.handleName, size: h.size, at: h.at });
        return;
      case 'KeyGroupsStateHandle':
        stream(h.delegate, place, role, shared, localPath);
        return;
      case 'EmptySegmentFileStateHandle':
        return;
    }
  };

  const keyed = (h: KeyedHandle | null, place: Place): void => {
    if (!h) return;
    switch (h.type) {
      case 'KeyGroupsStateHandle':
      case 'KeyGroupsSavepointStateHandle':
        stream(h.delegate, place, 'keyed state', false);
        return;
      case 'IncrementalRemoteKeyedStateHandle':
        stream(h.metaDataStateHandle, place, 'RocksDB meta data', false);
        for (const f of h.sharedState) stream(f.handle, place, 'shared SST', true, f.localPath);
        for (const f of h.privateState) stream(f.handle, place, 'private RocksDB file', false, f.localPath);
        return;
      case 'ChangelogStateBackendHandle':
        for (const m of h.materialized) keyed(m, place);
        for (const n of h.nonMaterialized) keyed(n, place);
        return;
      case 'ChangelogStateHandleStreamImpl':
        // DSTL files are shared: later checkpoints keep pointing into them until materialization.
        for (const f of h.handlesAndOffsets) stream(f.handle, place, 'changelog (DSTL)', true);
        return;
      case 'InMemoryChangelogStateHandle':
        inlined.push({ ...place, role: 'changelog (DSTL)', handleName: `in-memory changelog ${h.from}..${h.to}`, size: h.changes.reduce((s, c) => s + c.size, 0), at: h.at });
        return;
    }
  };

  const operatorHandle = (h: OperatorStreamHandle | null, place: Place): void => {
    if (h) stream(h.delegate, place, 'operator state', false);
  };
  const channel = (hs: ChannelStateHandle[], place: Place): void => {
    for (const h of hs) stream(h.delegate, place, 'channel state', false);
  };

  for (const op of metadata.operators) {
    if (op.coordinatorState) {
      const c = op.coordinatorState;
      inlined.push({ operatorId: op.operatorId, subtaskIndex: null, role: 'coordinator state', handleName: c.handleName, size: c.size, at: c.at });
    }
    for (const st of op.subtasks) {
      const place = { operatorId: op.operatorId, subtaskIndex: st.subtaskIndex };
      operatorHandle(st.managedOperatorState, place);
      operatorHandle(st.rawOperatorState, place);
      keyed(st.managedKeyedState, place);
      keyed(st.rawKeyedState, place);
      channel(st.inputChannelState, place);
      channel(st.resultSubpartitionState, place);
    }
  }
  return { files, inlined };
}
