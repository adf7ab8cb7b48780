/**
 * `window.__checkpointLab`: a TEST AND INSPECTION HOOK, read-only. Browser tests (e2e/) and
 * curious people in the devtools console use it to compare the model with what IndexedDB holds:
 *
 *   modelFiles()   sorted paths and sizes of the remote storage files at the cursor
 *   keyedState()   per keyed subtask, its keyed state entries at the cursor
 *   cursor()       the cursor position
 *   persistence()  durable?, sync state, session id and how this tab got it (owner / separate / unchecked)
 *   syncIdle()     resolves once the mirror has no pending work (nothing queued, running or waiting for quiet)
 *   syncCalls()    how many applyOps and reconcile calls the sync has made (which path a move took)
 *   registryFiles(id)  the shared files the registry holds for checkpoint id at the cursor (placeholder = reused)
 *
 * Nothing here changes the app; every call reads the store at that moment.
 */
import { keyedStateEntries, type KeyedStateEntryView } from '../engine';
import { useAppStore } from '../store/appStore';
import type { PersistenceSlice, SyncState } from '../store/persistenceSlice';

export interface CheckpointLabHook {
  modelFiles: () => { path: string; size: number }[];
  keyedState: () => Record<string, KeyedStateEntryView[]>;
  cursor: () => number;
  /** Whether a run is still streaming in from the recording worker. */
  recording: () => boolean;
  persistence: () => {
    ready: boolean;
    durable: boolean;
    sync: SyncState;
    sessionId: string;
    sessionStatus: PersistenceSlice['sessionStatus'];
  };
  syncIdle: () => Promise<void>;
  syncCalls: () => { applyOps: number; reconcile: number };
  registryFiles: (checkpointId: number) => { path: string; task: string; placeholder: boolean }[] | null;
}

declare global {
  interface Window {
    __checkpointLab?: CheckpointLabHook;
  }
}

function stateAtCursor() {
  const s = useAppStore.getState();
  return s.timeline.stateAt(s.cursor);
}

/** Installs the hook; returns its removal. */
export function installCheckpointLabHook(
  syncIdle: CheckpointLabHook['syncIdle'],
  syncCalls: CheckpointLabHook['syncCalls'],
): () => void {
  const hook: CheckpointLabHook = {
    modelFiles: () =>
      Object.values(stateAtCursor().storage.files)
        .map((f) => ({ path: f.path, size: f.bytes.length }))
        .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)),
    keyedState: () => {
      const keyed = stateAtCursor().job.keyed;
      const out: Record<string, KeyedStateEntryView[]> = {};
      for (const task of Object.keys(keyed).sort())
        out[task] = keyedStateEntries(keyed[task]!.backend);
      return out;
    },
    cursor: () => useAppStore.getState().cursor,
    recording: () => useAppStore.getState().recording !== null,
    persistence: () => {
      const s = useAppStore.getState();
      return {
        ready: s.persistenceReady,
        durable: s.durable,
        sync: s.syncState,
        sessionId: s.sessionId,
        sessionStatus: s.sessionStatus,
      };
    },
    syncIdle,
    syncCalls,
    registryFiles: (id) => {
      const use = stateAtCursor().registry.checkpoints.find((c) => c.checkpointId === id);
      return use ? use.files.map((f) => ({ path: f.path, task: f.task, placeholder: f.placeholder })) : null;
    },
  };
  window.__checkpointLab = Object.freeze(hook);
  return () => {
    if (window.__checkpointLab === hook) delete window.__checkpointLab;
  };
}
