/**
 * A checkpoint's drill-down, from the recording alone: per subtask the files its acknowledged
 * handles reference, split into uploaded for it and reused (history `files`, set at each
 * acknowledgement), its `_metadata`, and the files deleted in the step it completed or was
 * aborted (the subsumed checkpoints' files and what the registry released).
 */
import type { EngineState, StepRecord } from '../../engine';

export interface DetailFile {
  path: string;
  size: number;
}

export interface DetailTask {
  task: string;
  uploaded: DetailFile[];
  reused: DetailFile[];
  deleted: DetailFile[];
}

export interface CheckpointDetail {
  id: number;
  isSavepoint: boolean;
  status: string;
  checkpointedSize: number;
  stateSize: number;
  tasks: DetailTask[];
}

const JM = 'jobmanager';

export function checkpointDetail(records: readonly StepRecord[], cursor: number, state: EngineState, id: number): CheckpointDetail | null {
  const h = state.coordinator.history.find((x) => x.id === id);
  if (!h) return null;
  const byTask = new Map<string, DetailTask>();
  const row = (task: string): DetailTask => {
    let r = byTask.get(task);
    if (!r) byTask.set(task, (r = { task, uploaded: [], reused: [], deleted: [] }));
    return r;
  };
  for (const [task, files] of Object.entries(h.files ?? {})) {
    const r = row(task);
    for (const f of files) (f.uploadedNow ? r.uploaded : r.reused).push({ path: f.path, size: f.size });
  }
  const uploader = new Map<string, string>();
  let endStep = -1;
  for (let i = 0; i < cursor && i < records.length; i++) {
    for (const e of records[i]!.events) {
      if (e.type === 'file.uploaded') {
        uploader.set(e.path, e.task ?? JM);
        if (e.checkpointId === id && e.kind === 'metadata') row(JM).uploaded.push({ path: e.path, size: e.size });
      }
      if ((e.type === 'checkpoint.completed' || e.type === 'checkpoint.aborted') && e.checkpointId === id) endStep = i;
    }
  }
  if (endStep >= 0) {
    for (const e of records[endStep]!.events) if (e.type === 'file.discarded') row(uploader.get(e.path) ?? JM).deleted.push({ path: e.path, size: e.size });
  }
  const tasks = [...byTask.values()].sort((a, b) => (a.task === JM ? 1 : b.task === JM ? -1 : a.task.localeCompare(b.task)));
  return { id, isSavepoint: h.isSavepoint, status: h.status, checkpointedSize: h.checkpointedSize, stateSize: h.stateSize, tasks };
}
