/**
 * Runs async tasks one at a time, in the order they were pushed. The mirror's calls each run one
 * IndexedDB transaction; running them one after another keeps their order obvious (a reconcile
 * never interleaves with the ops of the step after it) and lets "idle" mean "nothing queued".
 */
export class SerialQueue {
  private tail: Promise<void> = Promise.resolve();
  private pending = 0;
  private idleWaiters: (() => void)[] = [];

  constructor(private readonly onBusyChange: (busy: boolean) => void = () => {}) {}

  /** True while a task runs or waits. */
  get busy(): boolean {
    return this.pending > 0;
  }

  /** Queues `task`. Tasks report their own failures: a rejection here is only logged. */
  push(task: () => Promise<void>): void {
    this.pending++;
    if (this.pending === 1) this.onBusyChange(true);
    this.tail = this.tail
      .then(task)
      .catch((e: unknown) =>
        console.error('Checkpoint Lab: a persistence task failed unexpectedly', e),
      )
      .finally(() => {
        this.pending--;
        if (this.pending > 0) return;
        this.onBusyChange(false);
        const waiters = this.idleWaiters;
        this.idleWaiters = [];
        for (const w of waiters) w();
      });
  }

  /** Resolves once no task is queued or running. */
  whenIdle(): Promise<void> {
    if (this.pending === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }
}
