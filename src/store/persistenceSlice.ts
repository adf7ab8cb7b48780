/**
 * Persistence status for the UI: whether remote storage survives a reload (IndexedDB) or lives
 * in this tab's memory, whether the mirror is catching up with the cursor, the last failure, and
 * the offer to restore from a checkpoint left by the previous session. The mirror itself and the
 * sync machinery live in src/app/ (they are not state); the UI reaches them through
 * `persistenceCommands`, which the sync hook installs once persistence is open.
 */
import type { StateCreator } from 'zustand';
import {
  isPersistenceError,
  type PersistenceErrorKind,
  type PersistenceRecovery,
} from '../persistence';
import type { AppStore } from './appStore';

/** `idle`: IndexedDB equals the model at the cursor; `syncing`: work queued or running; `error`: the last sync failed. */
/** `held`: playing fast, saving waits until playback pauses or slows (mirrorSync.ts hold). */
export type SyncState = 'idle' | 'syncing' | 'held' | 'error';

/**
 * How this tab came by its session (src/app/tabSession.ts): `owner` holds the saved session;
 * `separate` found it held by another tab and keeps its own; `unchecked` could not ask other tabs
 * (no Web Locks, no BroadcastChannel) and uses the saved session as if alone.
 */
export type SessionStatus = 'owner' | 'separate' | 'unchecked';

/** A PersistenceError reduced to what the UI shows. */
export interface PersistenceProblem {
  kind: PersistenceErrorKind;
  message: string;
  recovery: readonly PersistenceRecovery[];
  /** What the app was doing (`operation` of the error). */
  operation: string;
}

/** A retained checkpoint found in IndexedDB at start, offered for a restore. */
export interface RestoreOffer {
  checkpointId: number;
  isSavepoint: boolean;
  /** Whether the saved scenario runs the changelog backend (which refuses NO_CLAIM). */
  changelog: boolean;
  /** Every stored file of the session: all of them are read back on restore. */
  fileCount: number;
  totalBytes: number;
  scenarioTitle: string;
  /** `restoring` while the files are read back. */
  status: 'open' | 'restoring';
}

/** What the UI can ask of persistence (installed by usePersistenceSync). */
export interface PersistenceCommands {
  /** Restore the job from the offered checkpoint, reading its files back from IndexedDB. */
  restoreFromOffer: (mode?: 'CLAIM' | 'NO_CLAIM' | 'LEGACY') => Promise<void>;
  /** Decline the offer: run the saved scenario (or one a share link opened) from step 0; the sync then deletes the old files. */
  startFresh: () => void;
  /** Bring IndexedDB in line with the cursor again and save the session. */
  retry: () => void;
  /** Download the session (or, if that fails, the raw database) as JSON. */
  exportSession: () => Promise<void>;
  /** Delete the whole database, then reload the page. */
  resetSavedData: () => Promise<void>;
}

export interface PersistenceSlice {
  /** The session this tab reads and writes: `default` (the saved session) or its own when another tab holds that. */
  sessionId: string;
  /** `claiming` until the tab knows which session is its own. */
  sessionStatus: 'claiming' | SessionStatus;
  /** False until `openPersistence` has answered. */
  persistenceReady: boolean;
  durable: boolean;
  /** Why storage is not durable and what that means; null when durable. */
  persistenceNotice: string | null;
  /** The last failed persistence operation; null once dismissed or healed by a successful sync. */
  persistenceError:
    | (PersistenceProblem & {
        source: 'sync' | 'session' | 'restore' | 'export' | 'reset' | 'open';
      })
    | null;
  syncState: SyncState;
  /** False until the user has answered the restore offer (or there was none): the sync must not touch what the previous session left. */
  syncActive: boolean;
  restoreOffer: RestoreOffer | null;
  persistenceCommands: PersistenceCommands | null;
  /** IndexedDB ran out of quota during an upload: the model failed that upload too (quotaAsUploadFailure.ts). */
  quotaFailure: { checkpointId: number; step: number; task: string; path: string } | null;
  setQuotaFailure: (f: PersistenceSlice['quotaFailure']) => void;
  setTabSession: (sessionId: string, status: SessionStatus) => void;
  setPersistenceOpened: (opened: { durable: boolean; notice: string | null }) => void;
  setSyncState: (state: SyncState) => void;
  setSyncActive: (active: boolean) => void;
  reportPersistenceError: (
    error: unknown,
    source: NonNullable<PersistenceSlice['persistenceError']>['source'],
  ) => void;
  clearPersistenceError: (
    source?: NonNullable<PersistenceSlice['persistenceError']>['source'],
  ) => void;
  setRestoreOffer: (offer: RestoreOffer | null) => void;
  setPersistenceCommands: (commands: PersistenceCommands | null) => void;
}

/** The saved session: the one a tab continues after a reload, owned by one tab at a time. */
export const SESSION_ID = 'default';

/** Any thrown value as a problem to show; non-persistence errors are `unknown` with a retry. */
export function problemOf(error: unknown): PersistenceProblem {
  if (isPersistenceError(error))
    return {
      kind: error.kind,
      message: error.message,
      recovery: error.recovery,
      operation: error.operation,
    };
  const message = error instanceof Error ? error.message : String(error);
  return {
    kind: 'unknown',
    message,
    recovery: ['retry', 'export'],
    operation: 'working with saved data',
  };
}

export const createPersistenceSlice: StateCreator<AppStore, [], [], PersistenceSlice> = (
  set,
  get,
) => ({
  sessionId: SESSION_ID,
  sessionStatus: 'claiming',
  persistenceReady: false,
  durable: false,
  persistenceNotice: null,
  persistenceError: null,
  syncState: 'idle',
  syncActive: false,
  restoreOffer: null,
  persistenceCommands: null,
  quotaFailure: null,
  setTabSession: (sessionId, sessionStatus) => set({ sessionId, sessionStatus }),
  setPersistenceOpened: ({ durable, notice }) =>
    set({ persistenceReady: true, durable, persistenceNotice: notice }),
  setSyncState: (syncState) => {
    if (get().syncState !== syncState) set({ syncState });
  },
  setSyncActive: (syncActive) => set({ syncActive }),
  reportPersistenceError: (error, source) => {
    // Keep the console trace for whoever debugs it; the UI shows the readable message.
    console.warn(`Checkpoint Lab persistence (${source}):`, error);
    set({ persistenceError: { ...problemOf(error), source } });
  },
  clearPersistenceError: (source) => {
    const e = get().persistenceError;
    if (e && (source === undefined || e.source === source)) set({ persistenceError: null });
  },
  setRestoreOffer: (restoreOffer) => set({ restoreOffer }),
  setPersistenceCommands: (persistenceCommands) => set({ persistenceCommands }),
  setQuotaFailure: (quotaFailure) => set({ quotaFailure }),
});
