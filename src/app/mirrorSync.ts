/**
 * Keeps IndexedDB equal to the engine's remote storage **at the cursor**, with as little work as
 * the move allows:
 *
 * - The cursor moved forward exactly one step from the position IndexedDB already equals (same
 *   timeline, same revision): that step's outbox is exactly what changed, so `applyOps` it.
 *   Consecutive single steps that pile up while a transaction runs are merged into one batch.
 * - Anything else (seek, jump, scrub, several steps per frame while playing, a branch, a new
 *   scenario, a failure): the outbox no longer describes the difference, so `reconcile` the whole
 *   file set. Bursts are coalesced: the reconcile runs after `quietMs` without changes (at most
 *   `maxWaitMs` after the first), and it reads the cursor when it starts, never a stale one.
 *
 * The checkpoint metadata records follow the retained checkpoints at the cursor: `reconcile`
 * writes them in its own transaction; a single step that changes them deletes stale records
 * before its ops and writes new ones after, so a record never names files that are not stored.
 * All calls go through one SerialQueue: never two at once.
 *
 * While the run plays fast (`hold`), nothing is written: IndexedDB catches up in one reconcile
 * when playback pauses or slows, or at once when the page is hidden. Playing the scale run at 50×,
 * a reconcile a second wrote hundreds of files, and their requests were more than half the page's
 * tasks; the state they saved was hundreds of steps old by the time it was stored.
 *
 * What this tab's calls left stored (`known`, KnownFiles) is kept from one call to the next, so a
 * reconcile plans against it instead of reading every file's listing back. The first reconcile,
 * one the app asks for (start, retry) and any after a failure read it all, and repair what they
 * find damaged.
 */
import type { StorageOp, Timeline } from '../engine';
import { isPersistenceError, type CheckpointInput, type FileListing, type StorageMirror } from '../persistence';
import { retainedCheckpointsOf, sameCheckpointRecords } from './retainedCheckpoints';
import type { SerialQueue } from './serialQueue';

/** A position in a recorded timeline. `revision` changes whenever the timeline is re-recorded or branched. */
export interface ModelPosition {
  timeline: Timeline;
  revision: number;
  cursor: number;
}

/** The mirror calls the sync makes. */
export type SyncMirror = Pick<
  StorageMirror,
  'applyOps' | 'reconcile' | 'putCheckpointMeta' | 'deleteCheckpointMeta'
>;

export interface MirrorSyncOptions {
  /** Quiet time before a reconcile; default 150 ms. */
  quietMs?: number;
  /** Longest a due reconcile waits while changes keep coming (playing fast); default 1 s. */
  maxWaitMs?: number;
  onSuccess: () => void;
  onError: (error: unknown) => void;
  /** A batch of single steps failed for lack of quota: which steps they were (for quotaAsUploadFailure.ts). */
  onQuota?: (steps: { timeline: Timeline; revision: number; firstStep: number; lastStep: number }) => void;
}

/** Single steps not yet written: their ops in order, and the checkpoint records before and after them. */
interface StepBatch {
  timeline: Timeline;
  revision: number;
  firstStep: number;
  lastStep: number;
  ops: StorageOp[];
  before: readonly CheckpointInput[];
  after: readonly CheckpointInput[];
  epoch: number;
}

export class MirrorSync {
  /** The position IndexedDB equals once the queued work is done; null when unknown or a reconcile is due. */
  private mirrored: ModelPosition | null = null;
  private mirroredCheckpoints: readonly CheckpointInput[] = [];
  /** The batch queued but not started, which further single steps join. */
  private openBatch: StepBatch | null = null;
  /** Bumped when queued batches become pointless (a reconcile is due, or a call failed). */
  private epoch = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private dueSinceMs: number | null = null;
  private reconcileQueued = false;
  /** Playing fast: changes are not written (see hold). */
  private held = false;
  /** Held back: a change came while held, so a reconcile is due when released. */
  private due = false;
  /** The session's files as this tab's last successful call left them; null: unknown (read them back). */
  private known: Map<string, FileListing> | null = null;
  private readonly quietMs: number;
  private readonly maxWaitMs: number;
  /** How many calls of each kind were made (for the inspection hook and tests). */
  readonly calls = { applyOps: 0, reconcile: 0 };

  constructor(
    private readonly mirror: SyncMirror,
    private readonly sessionId: string,
    private readonly queue: SerialQueue,
    /** The model position now (read when a reconcile starts). */
    private readonly current: () => ModelPosition,
    private readonly options: MirrorSyncOptions,
  ) {
    this.quietMs = options.quietMs ?? 150;
    this.maxWaitMs = options.maxWaitMs ?? 1000;
  }

  /** True while a reconcile waits for quiet. */
  get waiting(): boolean {
    return this.timer !== null;
  }

  /** True while changes wait for playback to slow down or pause (see hold). */
  get heldBack(): boolean {
    return this.held && this.due;
  }

  /**
   * Holds writes back while the run plays fast (true), or lets them go (false): the changes held
   * back are then reconciled after the usual quiet time.
   */
  hold(held: boolean): void {
    if (held === this.held) return;
    this.held = held;
    if (!held && this.due) {
      this.due = false;
      this.scheduleReconcile();
    }
  }

  /** Call on every change of timeline, revision or cursor. */
  noteChange(pos: ModelPosition): void {
    const m = this.mirrored;
    const sameRun = m !== null && m.timeline === pos.timeline && m.revision === pos.revision;
    if (sameRun && pos.cursor === m.cursor) return;
    if (this.held) {
      // What the queued batches and a waiting reconcile would write is out of date: one reconcile when released.
      this.invalidate();
      this.clearTimer();
      this.due = true;
      return;
    }
    if (sameRun && pos.cursor === m.cursor + 1) {
      this.queueStep(pos);
      return;
    }
    this.scheduleReconcile();
  }

  /** Reconciles with the latest position as soon as the queue allows (start, retry). */
  reconcileNow(): void {
    this.known = null;
    this.due = false;
    this.invalidate();
    this.clearTimer();
    this.queueReconcile();
  }

  /** Starts a reconcile that waits for quiet right away (the page is being hidden). */
  flush(): void {
    if (this.due) {
      this.due = false;
      this.queueReconcile();
      return;
    }
    if (!this.timer) return;
    this.clearTimer();
    this.queueReconcile();
  }

  /** Stops timers; queued work is dropped. */
  dispose(): void {
    this.known = null;
    this.due = false;
    this.clearTimer();
    this.invalidate();
  }

  private queueStep(pos: ModelPosition): void {
    const state = pos.timeline.stateAt(pos.cursor);
    const ops = state.storage.outbox;
    const after = retainedCheckpointsOf(state);
    const before = this.mirroredCheckpoints;
    this.mirrored = pos;
    this.mirroredCheckpoints = after;
    if (this.openBatch) {
      this.openBatch.ops.push(...ops);
      this.openBatch.after = after;
      this.openBatch.lastStep = pos.cursor;
      return;
    }
    // Most steps store nothing: no call at all.
    if (ops.length === 0 && sameCheckpointRecords(before, after)) return;
    const batch: StepBatch = { timeline: pos.timeline, revision: pos.revision, firstStep: pos.cursor, lastStep: pos.cursor, ops: [...ops], before, after, epoch: this.epoch };
    this.openBatch = batch;
    this.queue.push(() => this.runBatch(batch));
  }

  private async runBatch(batch: StepBatch): Promise<void> {
    if (this.openBatch === batch) this.openBatch = null;
    if (batch.epoch !== this.epoch) return;
    try {
      const afterIds = new Set(batch.after.map((c) => c.checkpointId));
      for (const c of batch.before)
        if (!afterIds.has(c.checkpointId))
          await this.mirror.deleteCheckpointMeta(this.sessionId, c.checkpointId);
      if (batch.ops.length > 0) {
        this.calls.applyOps++;
        const known = this.known;
        this.known = null;
        const { listings } = await this.mirror.applyOps(this.sessionId, batch.ops);
        if (known) {
          for (const [path, listing] of listings) {
            if (listing) known.set(path, listing);
            else known.delete(path);
          }
          this.known = known;
        }
      }
      const before = new Map(batch.before.map((c) => [c.checkpointId, JSON.stringify(c.meta)]));
      for (const c of batch.after) {
        if (before.get(c.checkpointId) !== JSON.stringify(c.meta))
          await this.mirror.putCheckpointMeta(this.sessionId, c.checkpointId, c.meta);
      }
      this.options.onSuccess();
    } catch (e) {
      this.fail(e, batch.epoch);
      if (isPersistenceError(e) && e.kind === 'quota') this.options.onQuota?.({ timeline: batch.timeline, revision: batch.revision, firstStep: batch.firstStep, lastStep: batch.lastStep });
    }
  }

  private scheduleReconcile(): void {
    this.invalidate();
    const now = Date.now();
    this.dueSinceMs ??= now;
    if (this.timer) clearTimeout(this.timer);
    const wait = Math.max(0, Math.min(this.quietMs, this.dueSinceMs + this.maxWaitMs - now));
    this.timer = setTimeout(() => {
      this.timer = null;
      this.queueReconcile();
    }, wait);
  }

  private queueReconcile(): void {
    this.dueSinceMs = null;
    if (this.reconcileQueued) return;
    this.reconcileQueued = true;
    this.queue.push(() => this.runReconcile());
  }

  private async runReconcile(): Promise<void> {
    this.reconcileQueued = false;
    // This run reads the latest position, so a reconcile still waiting for quiet is covered.
    this.clearTimer();
    const pos = this.current();
    const state = pos.timeline.stateAt(pos.cursor);
    const checkpoints = retainedCheckpointsOf(state);
    this.mirrored = pos;
    this.mirroredCheckpoints = checkpoints;
    const epoch = this.epoch;
    const known = this.known;
    this.known = null;
    try {
      this.calls.reconcile++;
      const { listing } = await this.mirror.reconcile(this.sessionId, state.storage.files, known ? { checkpoints, known } : { checkpoints });
      this.known = listing;
      this.options.onSuccess();
    } catch (e) {
      this.fail(e, epoch);
    }
  }

  /** After a failure IndexedDB's content is unknown: the next change (or a retry) reconciles. */
  private fail(error: unknown, epoch: number): void {
    if (epoch === this.epoch) this.invalidate();
    this.options.onError(error);
  }

  private invalidate(): void {
    this.mirrored = null;
    this.openBatch = null;
    this.epoch++;
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.dueSinceMs = null;
  }
}
