/**
 * Wires the engine's remote storage to IndexedDB for the running app:
 *
 * 0. claims this tab's session (tabSession.ts): the saved one, or its own when another tab holds
 *    that one, so two tabs never write the same records;
 * 1. opens persistence (IndexedDB, or memory with a notice when that is impossible), and lets go
 *    of the sessions closed tabs left behind (abandonedSessions.ts);
 * 2. looks for a retained checkpoint the previous session left; if there is one, the sync stays
 *    off and the user is asked: restore the job from it, or start fresh. Until then nothing is
 *    written, because reconciling with the fresh model would delete exactly those files;
 * 3. then keeps IndexedDB equal to the model at the cursor (MirrorSync) and saves the session
 *    record (SessionSaver) as the store changes (writersFollowStore.ts; not while playing fast),
 *    all through one queue;
 * 4. runs what the UI asks (restore, retry, export, reset) and reports status and errors to the store.
 */
import type { Timeline } from '../engine';
import { uploadFailureForQuota } from './quotaAsUploadFailure';
import type { StoreApi } from 'zustand';
import { DEFAULT_SCENARIO, type Scenario } from '../engine';
import {
  exportRawDatabase,
  openPersistence,
  resetDatabase,
  type StorageMirror,
} from '../persistence';
import type { AppStore } from '../store/appStore';
import type { PersistenceCommands, PersistenceSlice } from '../store/persistenceSlice';
import { version as APP_VERSION } from '../../package.json';
import { deleteAbandonedSessions } from './abandonedSessions';
import { downloadJson } from './downloadJson';
import { MirrorSync } from './mirrorSync';
import { connectLessonProgress } from './lessons/lessonProgress';
import { connectUserLessons } from './lessons/userLessonStore';
import { findRestorePoint, readBackCheckpoint, type RestorePoint } from './restoreFromStorage';
import { SerialQueue } from './serialQueue';
import { SessionSaver } from './sessionSaver';
import { sessionInputOf } from './sessionRecord';
import { claimTabSession, type TabSession } from './tabSession';
import { loadSavedScenario } from './scenarioIo/savedScenario';
import { writersFollowStore } from './writersFollowStore';

type ErrorSource = NonNullable<PersistenceSlice['persistenceError']>['source'];

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class PersistenceController {
  private mirror: StorageMirror | null = null;
  private readonly queue: SerialQueue;
  private sync: MirrorSync | null = null;
  private saver: SessionSaver | null = null;
  private restorePoint: RestorePoint | null = null;
  private active = false;
  private disposed = false;
  private lastFailed = false;
  private started: Promise<void> | null = null;
  private readonly cleanups: (() => void)[] = [];

  constructor(
    private readonly store: StoreApi<AppStore>,
    private readonly claimSession: () => Promise<TabSession> = claimTabSession,
  ) {
    this.queue = new SerialQueue(() => this.refreshSyncState());
  }

  private get sessionId(): string {
    return this.store.getState().sessionId;
  }

  /** Opens persistence and checks for a restore offer. Never rejects. */
  start(): Promise<void> {
    this.started ??= this.open();
    return this.started;
  }

  /** Resolves once nothing is queued, running, or waiting for quiet (the test hook's `syncIdle`). */
  async idle(): Promise<void> {
    await this.start();
    while (!this.disposed && (this.queue.busy || this.sync?.waiting || this.saver?.waiting)) {
      if (this.queue.busy) await this.queue.whenIdle();
      else await sleep(20);
    }
  }

  /** How many applyOps and reconcile calls the sync has made (inspection). */
  syncCalls(): { applyOps: number; reconcile: number } {
    return { ...(this.sync?.calls ?? { applyOps: 0, reconcile: 0 }) };
  }

  dispose(): void {
    this.disposed = true;
    for (const c of this.cleanups.splice(0)) c();
    this.sync?.dispose();
    this.saver?.dispose();
    if (this.store.getState().persistenceCommands === this.commands)
      this.store.getState().setPersistenceCommands(null);
    connectLessonProgress(null);
    void connectUserLessons(null);
    this.mirror?.close();
  }

  private readonly commands: PersistenceCommands = {
    restoreFromOffer: (mode) => this.restoreFromOffer(mode),
    startFresh: () => this.startFresh(),
    retry: () => this.retry(),
    exportSession: () => this.exportSession(),
    resetSavedData: () => this.resetSavedData(),
  };

  private async open(): Promise<void> {
    const s = this.store.getState();
    // Before anything is read or written: which session is this tab's.
    const tab = await this.claimSession();
    if (this.disposed) return;
    s.setTabSession(tab.sessionId, tab.status);
    const opened = await openPersistence({
      appVersion: APP_VERSION,
      onBlocked: (e) => this.report(e, 'open'),
      onConnectionLost: (e) => this.report(e, 'sync'),
    });
    if (this.disposed) {
      opened.mirror.close();
      return;
    }
    const mirror = opened.mirror;
    this.mirror = mirror;
    // Lesson progress lives beside the sessions, in its own store (src/persistence/lessonProgress.ts).
    connectLessonProgress(mirror);
    // So are the teacher's lessons (src/persistence/userLessons.ts), listed in the picker.
    void connectUserLessons(mirror);
    // A "close other tabs" message from a blocked open is answered once the open is done.
    s.clearPersistenceError('open');
    const callbacks = {
      onSuccess: () => this.succeeded(),
      onError: (e: unknown) => this.failed(e, 'sync'),
    };
    const onQuota = (steps: { timeline: Timeline; revision: number; firstStep: number; lastStep: number }) => this.quotaHit(steps);
    this.sync = new MirrorSync(
      mirror,
      this.sessionId,
      this.queue,
      () => this.store.getState(),
      { ...callbacks, onQuota },
    );
    this.saver = new SessionSaver(mirror, this.queue, () => sessionInputOf(this.store.getState()), {
      ...callbacks,
      onError: (e) => this.failed(e, 'session'),
    });
    s.setPersistenceCommands(this.commands);
    await this.checkForOffer();
    // Ready only now, so the UI never sees "open but neither syncing nor offering" in between.
    if (!this.disposed) s.setPersistenceOpened({ durable: opened.durable, notice: opened.notice });
    if (opened.durable) this.cleanUpAbandoned(mirror, tab);
  }

  /** Housekeeping behind the sync in the same queue; a failure only costs disk space, so it is logged, not shown. */
  private cleanUpAbandoned(mirror: StorageMirror, tab: TabSession): void {
    this.inQueue(() => deleteAbandonedSessions(mirror, tab)).catch((e: unknown) =>
      console.warn('Checkpoint Lab: could not delete the sessions of closed tabs', e),
    );
  }

  /** Offers a restore when the previous session left a usable checkpoint; otherwise starts syncing. */
  private async checkForOffer(): Promise<void> {
    const mirror = this.mirror!;
    let point: RestorePoint | null;
    try {
      point = await this.inQueue(() => findRestorePoint(mirror, this.sessionId));
    } catch (e) {
      // Unreadable saved data: keep the sync off so nothing is overwritten before the user has
      // had the chance to export it; the error panel offers export, reset, retry and start fresh.
      this.report(e, 'restore');
      return;
    }
    if (this.disposed) return;
    if (!point) {
      if (await this.continueSavedScenario(mirror)) this.activate();
      return;
    }
    this.restorePoint = point;
    this.store.getState().setRestoreOffer({
      checkpointId: point.checkpoint.checkpointId,
      isSavepoint: point.checkpoint.isSavepoint,
      changelog: point.scenario.stateBackend.changelog.enabled,
      fileCount: point.fileCount,
      totalBytes: point.totalBytes,
      scenarioTitle: point.scenario.title,
      status: 'open',
    });
  }

  /**
   * No checkpoint to offer, but the saved session's scenario (edited or imported earlier) is still
   * this tab's: run it from step 0. Read through the queue like the offer. False when it cannot
   * be read: like an unreadable offer, the sync then stays off so the saved data is not overwritten.
   */
  private async continueSavedScenario(mirror: StorageMirror): Promise<boolean> {
    try {
      const saved = await this.inQueue(() => loadSavedScenario(mirror, this.sessionId));
      if (this.disposed) return false;
      if (saved) this.loadUnlessReplaced(saved);
      return true;
    } catch (e) {
      this.report(e, 'restore');
      return false;
    }
  }

  /**
   * Loads the saved session's scenario unless this tab already replaced the built-in one (a
   * share link opened at startup, an import): that choice is newer than the saved session.
   * An equal scenario is not re-recorded, so the cursor the user may already have moved stays.
   */
  private loadUnlessReplaced(saved: Scenario): void {
    const s = this.store.getState();
    if (s.scenario !== DEFAULT_SCENARIO || s.revision !== 0) return;
    if (JSON.stringify(saved) === JSON.stringify(DEFAULT_SCENARIO)) return;
    s.loadScenario(saved);
  }

  /** Starts keeping IndexedDB equal to the model at the cursor. */
  private activate(): void {
    if (this.active || this.disposed) return;
    this.active = true;
    const sync = this.sync!;
    const saver = this.saver!;
    this.store.getState().setSyncActive(true);
    this.cleanups.push(writersFollowStore(this.store, sync, saver, () => this.refreshSyncState()));
    sync.reconcileNow();
    saver.flush();
  }

  /** `mode`: the restore mode the job is submitted in (omitted: Flink's default, NO_CLAIM). */
  private async restoreFromOffer(mode?: 'CLAIM' | 'NO_CLAIM' | 'LEGACY'): Promise<void> {
    const point = this.restorePoint;
    const offer = this.store.getState().restoreOffer;
    const mirror = this.mirror;
    if (!point || !offer || !mirror || offer.status === 'restoring') return;
    const s = this.store.getState();
    s.setRestoreOffer({ ...offer, status: 'restoring' });
    s.clearPersistenceError('restore');
    try {
      const start = await this.inQueue(() =>
        readBackCheckpoint(mirror, this.sessionId, point.checkpoint),
      );
      if (this.disposed) return;
      s.loadScenario(point.scenario, mode ? { ...start, mode } : start);
      this.restorePoint = null;
      s.setRestoreOffer(null);
      this.activate();
    } catch (e) {
      this.report(e, 'restore');
      if (!this.disposed) s.setRestoreOffer({ ...offer, status: 'open' });
    }
  }

  private startFresh(): void {
    const point = this.restorePoint;
    this.restorePoint = null;
    const s = this.store.getState();
    s.setRestoreOffer(null);
    s.clearPersistenceError('restore');
    // Fresh means without the checkpoint, not without the user's scenario.
    if (point) this.loadUnlessReplaced(point.scenario);
    this.activate();
  }

  private retry(): void {
    const s = this.store.getState();
    const source = s.persistenceError?.source;
    s.clearPersistenceError();
    // A reset that another tab blocked: ask again (the sync is already stopped).
    if (source === 'reset') {
      void this.resetSavedData();
      return;
    }
    if (!this.mirror) return;
    if (!this.active) {
      // The sync is still off: retry what failed, the restore itself or the check for an offer.
      if (s.restoreOffer) void this.restoreFromOffer();
      else if (source === 'restore') void this.checkForOffer();
      return;
    }
    this.sync?.reconcileNow();
    this.saver?.flush();
  }

  private async exportSession(): Promise<void> {
    const mirror = this.mirror;
    if (!mirror) return;
    const sessionId = this.sessionId;
    try {
      const data = await this.inQueue(() => mirror.exportSession(sessionId));
      downloadJson(`checkpoint-lab-session-${sessionId}.json`, data);
    } catch (e) {
      this.report(e, 'export');
      // The normal export validates everything; damaged or newer data still goes out raw.
      if (!mirror.durable) return;
      try {
        downloadJson('checkpoint-lab-raw-database.json', await exportRawDatabase());
      } catch (raw) {
        this.report(raw, 'export');
      }
    }
  }

  private async resetSavedData(): Promise<void> {
    // Stop writing first: the sync would otherwise recreate the database it is deleting.
    for (const c of this.cleanups.splice(0)) c();
    this.sync?.dispose();
    this.saver?.dispose();
    await this.queue.whenIdle();
    connectLessonProgress(null);
    void connectUserLessons(null);
    this.mirror?.close();
    try {
      await resetDatabase({ onBlocked: (e) => this.report(e, 'reset') });
      window.location.reload();
    } catch (e) {
      this.report(e, 'reset');
    }
  }

  /** Runs `fn` as one queue task, so reads for the offer and restore never overlap the sync's writes. */
  private inQueue<T>(fn: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push(() => fn().then(resolve, reject));
    });
  }

  private succeeded(): void {
    this.lastFailed = false;
    const s = this.store.getState();
    s.clearPersistenceError('sync');
    s.clearPersistenceError('session');
    this.refreshSyncState();
  }

  /**
   * IndexedDB is full while storing a step's files: like a full DFS, the upload fails in the model
   * too. The timeline is branched just before that upload with a failed upload for its task (only
   * while the user still looks at the same recording; otherwise the error alone is shown).
   */
  private quotaHit(steps: { timeline: Timeline; revision: number; firstStep: number; lastStep: number }): void {
    const s = this.store.getState();
    if (this.disposed || s.timeline !== steps.timeline || s.revision !== steps.revision) return;
    const f = uploadFailureForQuota(steps.timeline, steps.firstStep, steps.lastStep);
    if (!f) return;
    s.setCursor(f.position);
    s.applyAction(f.action);
    s.setQuotaFailure({ checkpointId: f.checkpointId, step: f.position + 1, task: f.task, path: f.path });
  }

  private failed(e: unknown, source: ErrorSource): void {
    this.lastFailed = true;
    this.report(e, source);
    this.refreshSyncState();
  }

  private report(e: unknown, source: ErrorSource): void {
    if (!this.disposed) this.store.getState().reportPersistenceError(e, source);
  }

  private refreshSyncState(): void {
    if (this.disposed) return;
    const busy = this.queue.busy || Boolean(this.sync?.waiting) || Boolean(this.saver?.waiting);
    this.store.getState().setSyncState(busy ? 'syncing' : this.lastFailed ? 'error' : this.sync?.heldBack ? 'held' : 'idle');
  }
}
