/**
 * §2 of the inspector, pure TS: given the files of a `_metadata`, a checkpoint folder or a job's
 * checkpoint folder (chk-*, shared/, taskowned/), read every `_metadata`, resolve the files each
 * one references, and compute per checkpoint its operators and files (shared or private, full or
 * incremental, per-operator totals), across checkpoints which checkpoints reference each file,
 * the referenced files missing from the folder and the files no `_metadata` references.
 * Checkpoint Lab's former JSON `_metadata` (version 1001, in runs stored by earlier versions) is read
 * too, converted to Flink's model; the simulator now writes Flink's version 4 itself.
 */
import { referencedFiles } from '../metadata';
import { readAnyMetadata } from '../simulated/readAnyMetadata';
import type { CheckpointMetadata, KeyedHandle, MetadataErrorCode } from '../metadata';
import type { FileRole } from '../metadata/referencedFiles';
import { joinPath, mapAbsolutePath } from './resolvePath';

export interface FolderEntry {
  /** Path relative to the opened folder, '/'-separated (`chk-5/_metadata`, `shared/abc`). */
  path: string;
  size: number;
  /** The bytes, needed only for `_metadata` files. */
  bytes?: Uint8Array;
}

export interface FolderInput {
  /** Name of the opened folder itself (e.g. `chk-5` or the job id): absolute paths are mapped by it. */
  rootName: string;
  entries: FolderEntry[];
  /** Only a `_metadata` file was opened (its neighbours, if given, are checked for missing files only). */
  singleFile?: boolean;
}

/** How an operator's keyed state was snapshotted. */
export type SnapshotStyle = 'incremental' | 'native' | 'full' | 'changelog' | 'no keyed state';

export interface InspectedOperator {
  operatorId: string;
  name?: string;
  uid?: string;
  parallelism: number;
  maxParallelism: number;
  fullyFinished: boolean;
  style: SnapshotStyle;
  /** Key-group range of each subtask's managed keyed state. */
  subtasks: { subtaskIndex: number; finished: boolean; keyGroups: { start: number; end: number } | null }[];
  totals: { files: number; bytes: number; sharedBytes: number; privateBytes: number; inlinedBytes: number };
}

export interface InspectedFile {
  /** As written in the metadata (relative name, or the job's absolute path). */
  name: string;
  /** Where it is (or would be) in the opened folder; null when outside it. */
  path: string | null;
  /** Size as recorded in the metadata (for file-merging segments, summed over the segments used). */
  size: number;
  sizeOnDisk: number | null;
  shared: boolean;
  roles: FileRole[];
  operators: string[];
  /** Ids of the checkpoints whose metadata references it. */
  checkpoints: number[];
  /** Segment of a merged file: the recorded size is the segment's, not the file's. */
  segment: boolean;
}

export interface InspectedCheckpoint {
  /** Its directory in the opened folder ('' when the folder is the checkpoint). */
  dir: string;
  metadataVersion: number;
  checkpointId: number;
  /** From CheckpointProperties (v4+): CHECKPOINT or SAVEPOINT; null for v3. */
  snapshotType: 'CHECKPOINT' | 'SAVEPOINT' | null;
  savepointFormat: string | null;
  /** Incremental when any operator's keyed state is incremental (RocksDB) or changelog; never for a savepoint. */
  incremental: boolean;
  operators: InspectedOperator[];
  files: InspectedFile[];
  inlinedBytes: number;
  totalBytes: number;
  metadata: CheckpointMetadata;
}

export interface UnreadableMetadata {
  path: string;
  code: MetadataErrorCode;
  offset: number;
  message: string;
}

export interface FolderReport {
  layout: 'metadata file' | 'checkpoint folder' | 'job folder';
  /** Sorted by checkpoint id. */
  checkpoints: InspectedCheckpoint[];
  unreadable: UnreadableMetadata[];
  /** Every referenced file across checkpoints, with the checkpoints referencing it. */
  files: InspectedFile[];
  /** Referenced files that are not in the folder (or outside what was opened). */
  missing: { name: string; path: string | null; checkpoints: number[]; reason: 'not in the folder' | 'outside the opened folder' }[];
  /** Present files whose size differs from the size the metadata records. */
  sizeMismatches: { path: string; recorded: number; onDisk: number }[];
  /** Files in the folder no `_metadata` references; null when not checked (a single file was opened). */
  unreferenced: { path: string; size: number }[] | null;
}

const METADATA = '_metadata';

function styleOf(h: KeyedHandle | null, savepoint: boolean): SnapshotStyle {
  if (!h) return 'no keyed state';
  // A native savepoint holds RocksDB's own files but, like every savepoint, all of them.
  if (h.type === 'IncrementalRemoteKeyedStateHandle') return savepoint ? 'native' : 'incremental';
  if (h.type === 'ChangelogStateBackendHandle' || h.type === 'ChangelogStateHandleStreamImpl' || h.type === 'InMemoryChangelogStateHandle') return 'changelog';
  return 'full';
}

export function inspectFolder(input: FolderInput): FolderReport {
  const entries = new Map(input.entries.map((e) => [e.path, e]));
  const metadataEntries = input.entries.filter((e) => e.path === METADATA || /^[^/]+\/_metadata$/.test(e.path));
  const layout: FolderReport['layout'] = input.singleFile ? 'metadata file' : metadataEntries.some((e) => e.path !== METADATA) ? 'job folder' : 'checkpoint folder';
  // Top-level directories of the opened folder, and the folder itself, anchor absolute paths.
  const anchors = new Map<string, string>();
  for (const e of input.entries) {
    const slash = e.path.indexOf('/');
    if (slash > 0) anchors.set(e.path.slice(0, slash), e.path.slice(0, slash));
  }
  anchors.set(input.rootName, '');

  const checkpoints: InspectedCheckpoint[] = [];
  const unreadable: UnreadableMetadata[] = [];
  for (const me of metadataEntries) {
    const dir = me.path === METADATA ? '' : me.path.slice(0, -METADATA.length - 1);
    const r = readAnyMetadata(me.bytes ?? new Uint8Array(), me.path);
    if (!r.ok) {
      unreadable.push({ path: me.path, code: r.error.code, offset: r.error.offset, message: r.error.message });
      continue;
    }
    checkpoints.push(inspectCheckpoint(r.metadata, dir, entries, anchors));
  }
  checkpoints.sort((a, b) => a.checkpointId - b.checkpointId || a.dir.localeCompare(b.dir));

  // Across checkpoints: one row per file, with every checkpoint that references it.
  const byKey = new Map<string, InspectedFile>();
  for (const c of checkpoints) {
    for (const f of c.files) {
      const key = f.path ?? `outside:${f.name}`;
      const row = byKey.get(key);
      if (!row) {
        byKey.set(key, { ...f, roles: [...f.roles], operators: [...f.operators], checkpoints: [...f.checkpoints] });
        continue;
      }
      for (const id of f.checkpoints) if (!row.checkpoints.includes(id)) row.checkpoints.push(id);
      for (const role of f.roles) if (!row.roles.includes(role)) row.roles.push(role);
      for (const op of f.operators) if (!row.operators.includes(op)) row.operators.push(op);
      row.shared ||= f.shared;
    }
  }
  const files = [...byKey.values()].sort((a, b) => (a.path ?? a.name).localeCompare(b.path ?? b.name));
  const missing = files
    .filter((f) => f.sizeOnDisk === null)
    .map((f) => ({
      name: f.name,
      path: f.path,
      checkpoints: f.checkpoints,
      reason: f.path === null ? ('outside the opened folder' as const) : ('not in the folder' as const),
    }));
  const sizeMismatches = files
    .filter((f) => f.path !== null && f.sizeOnDisk !== null && !f.segment && f.sizeOnDisk !== f.size)
    .map((f) => ({ path: f.path!, recorded: f.size, onDisk: f.sizeOnDisk! }));
  const referenced = new Set(files.map((f) => f.path));
  // A file beside an unreadable _metadata may well be referenced by it: not listed as unreferenced.
  const unreadableDirs = unreadable.map((u) => (u.path === METADATA ? '' : u.path.slice(0, -METADATA.length - 1)));
  const unreferenced = input.singleFile
    ? null
    : input.entries
        .filter((e) => !(e.path === METADATA || e.path.endsWith(`/${METADATA}`)) && !referenced.has(e.path))
        .filter((e) => !unreadableDirs.some((d) => (d === '' ? !e.path.includes('/') : e.path.startsWith(`${d}/`))))
        .map((e) => ({ path: e.path, size: e.size }))
        .sort((a, b) => a.path.localeCompare(b.path));
  return { layout, checkpoints, unreadable, files, missing, sizeMismatches, unreferenced };
}

function inspectCheckpoint(
  metadata: CheckpointMetadata,
  dir: string,
  entries: Map<string, FolderEntry>,
  anchors: Map<string, string>,
): InspectedCheckpoint {
  const refs = referencedFiles(metadata);
  const savepoint = metadata.properties?.snapshotType === 'SAVEPOINT';
  const files = new Map<string, InspectedFile>();
  const perOperatorFiles = new Map<string, Set<string>>();
  for (const r of refs.files) {
    const path = r.kind === 'relative' ? joinPath(dir, r.name) : mapAbsolutePath(r.name, { anchors });
    const key = path ?? `outside:${r.name}`;
    // Savepoints are self-contained (Flink shares no files with them), whatever the handle type.
    const shared = r.shared && !savepoint;
    let f = files.get(key);
    if (!f) {
      const onDisk = path !== null ? entries.get(path) : undefined;
      f = { name: r.name, path, size: r.size, sizeOnDisk: onDisk ? onDisk.size : null, shared, roles: [], operators: [], checkpoints: [metadata.checkpointId], segment: r.kind === 'segment' };
      files.set(key, f);
    } else if (r.kind === 'segment') {
      // Several segments of one merged file: the recorded bytes add up; a plain file counts once.
      f.size += r.size;
    }
    f.shared ||= shared;
    if (!f.roles.includes(r.role)) f.roles.push(r.role);
    if (!f.operators.includes(r.operatorId)) f.operators.push(r.operatorId);
    const opFiles = perOperatorFiles.get(r.operatorId) ?? new Set<string>();
    opFiles.add(key);
    perOperatorFiles.set(r.operatorId, opFiles);
  }

  const operators: InspectedOperator[] = metadata.operators.map((op) => {
    const keys = [...(perOperatorFiles.get(op.operatorId) ?? [])];
    const opFiles = keys.map((k) => files.get(k)!);
    const inlinedBytes = refs.inlined.filter((i) => i.operatorId === op.operatorId).reduce((s, i) => s + i.size, 0);
    const styles = new Set(op.subtasks.map((s) => styleOf(s.managedKeyedState, savepoint)).filter((s) => s !== 'no keyed state'));
    const style: SnapshotStyle = styles.has('changelog') ? 'changelog' : styles.has('incremental') ? 'incremental' : styles.has('native') ? 'native' : styles.has('full') ? 'full' : 'no keyed state';
    return {
      operatorId: op.operatorId,
      ...(op.name !== undefined ? { name: op.name } : {}),
      ...(op.uid !== undefined ? { uid: op.uid } : {}),
      parallelism: op.parallelism,
      maxParallelism: op.maxParallelism,
      fullyFinished: op.fullyFinished,
      style,
      subtasks: op.subtasks.map((s) => ({
        subtaskIndex: s.subtaskIndex,
        finished: s.finished,
        keyGroups: s.managedKeyedState ? { start: s.managedKeyedState.keyGroupRange.start, end: s.managedKeyedState.keyGroupRange.end } : null,
      })),
      totals: {
        files: opFiles.length,
        bytes: opFiles.reduce((s, f) => s + f.size, 0) + inlinedBytes,
        sharedBytes: opFiles.filter((f) => f.shared).reduce((s, f) => s + f.size, 0),
        privateBytes: opFiles.filter((f) => !f.shared).reduce((s, f) => s + f.size, 0),
        inlinedBytes,
      },
    };
  });
  const fileList = [...files.values()];
  const inlinedBytes = refs.inlined.reduce((s, i) => s + i.size, 0);
  const p = metadata.properties;
  return {
    dir,
    metadataVersion: metadata.metadataVersion,
    checkpointId: metadata.checkpointId,
    snapshotType: p ? p.snapshotType : null,
    savepointFormat: p?.formatType ?? null,
    incremental: operators.some((o) => o.style === 'incremental' || o.style === 'changelog'),
    operators,
    files: fileList,
    inlinedBytes,
    totalBytes: fileList.reduce((s, f) => s + f.size, 0) + inlinedBytes,
    metadata,
  };
}
