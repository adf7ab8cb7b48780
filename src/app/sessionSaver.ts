/**
 * Saves the session record (scenario, title, interventions, cursor) through the same queue as the
 * file sync. A new scenario or an action is saved almost at once; cursor moves at most once per
 * `cursorMs`, because while playing the cursor changes every frame and only the last position matters.
 * The record is read when the save starts, so a delayed save never writes an old cursor.
 */
import type { SessionInput, StorageMirror } from '../persistence';
import type { SerialQueue } from './serialQueue';

export interface SessionSaverOptions {
  /** Delay after a structural change (coalesces the action with the cursor move it makes); default 50 ms. */
  structureMs?: number;
  /** Delay after a cursor move; default 1 s. */
  cursorMs?: number;
  onSuccess: () => void;
  onError: (error: unknown) => void;
}

export class SessionSaver {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private dueAtMs = 0;
  private queued = false;
  private readonly structureMs: number;
  private readonly cursorMs: number;

  constructor(
    private readonly mirror: Pick<StorageMirror, 'saveSession'>,
    private readonly queue: SerialQueue,
    private readonly current: () => SessionInput,
    private readonly options: SessionSaverOptions,
  ) {
    this.structureMs = options.structureMs ?? 50;
    this.cursorMs = options.cursorMs ?? 1000;
  }

  get waiting(): boolean {
    return this.timer !== null;
  }

  /** A new scenario, an action, a restore. */
  noteStructureChange(): void {
    this.schedule(this.structureMs);
  }

  noteCursorChange(): void {
    this.schedule(this.cursorMs);
  }

  /** Saves now (the page is being hidden, or the user asked to retry). */
  flush(): void {
    this.clearTimer();
    this.enqueue();
  }

  dispose(): void {
    this.clearTimer();
  }

  private schedule(delayMs: number): void {
    const due = Date.now() + delayMs;
    // A sooner save already planned covers this change too.
    if (this.timer && this.dueAtMs <= due) return;
    this.clearTimer();
    this.dueAtMs = due;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.enqueue();
    }, delayMs);
  }

  private enqueue(): void {
    if (this.queued) return;
    this.queued = true;
    this.queue.push(async () => {
      this.queued = false;
      try {
        await this.mirror.saveSession(this.current());
        this.options.onSuccess();
      } catch (e) {
        this.options.onError(e);
      }
    });
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
