/**
 * Peak JavaScript heap of a page AND its dedicated workers (the recording worker, the sink
 * verdict's reference worker), sampled through the DevTools protocol: `Runtime.getHeapUsage` on
 * the page's session, and on each worker's session. The workers are reached with
 * `Target.setAutoAttach` on the page's session in the non-flattened mode (messages wrapped in
 * `Target.sendMessageToTarget`), because Playwright's CDP sessions are for pages and frames only.
 *
 * Why not `performance.measureUserAgentSpecificMemory()`: it needs a cross-origin isolated page
 * (COOP/COEP headers the app is not served with) and resolves only at a garbage collection, too
 * seldom to find a peak. `Runtime.getHeapUsage` is V8's used heap, right now, without a GC.
 */
import type { BrowserContext, CDPSession, Page } from '@playwright/test';

interface HeapUsage {
  usedSize: number;
}

export interface HeapPeaks {
  /** Highest used heap of the page's main thread, MB. */
  pageMB: number;
  /** Highest sum over the page's workers at one sample, MB. */
  workersMB: number;
  /** Highest page + workers at one sample, MB. */
  totalMB: number;
  /** Workers seen (attached) while sampling. */
  workers: number;
  samples: number;
}

const MB = 2 ** 20;

export class HeapSampler {
  private cdp: CDPSession | null = null;
  private readonly workers = new Set<string>();
  private seen = 0;
  private readonly pending = new Map<number, (usage: HeapUsage | null) => void>();
  private nextId = 1;
  private timer: NodeJS.Timeout | null = null;
  private busy = false;
  private peaks: HeapPeaks = { pageMB: 0, workersMB: 0, totalMB: 0, workers: 0, samples: 0 };

  constructor(
    private readonly context: BrowserContext,
    private readonly page: Page,
    private readonly everyMs = 250,
  ) {}

  async start(): Promise<void> {
    const cdp = await this.context.newCDPSession(this.page);
    this.cdp = cdp;
    cdp.on('Target.attachedToTarget', (e: { sessionId: string; targetInfo: { type: string } }) => {
      if (e.targetInfo.type !== 'worker') return;
      this.workers.add(e.sessionId);
      this.seen++;
    });
    cdp.on('Target.detachedFromTarget', (e: { sessionId: string }) => void this.workers.delete(e.sessionId));
    cdp.on('Target.receivedMessageFromTarget', (e: { message: string }) => {
      const m = JSON.parse(e.message) as { id?: number; result?: HeapUsage };
      const done = m.id === undefined ? undefined : this.pending.get(m.id);
      if (!done) return;
      this.pending.delete(m.id!);
      done(m.result ?? null);
    });
    await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
    await this.sample();
    this.timer = setInterval(() => void this.sample(), this.everyMs);
  }

  private workerHeap(sessionId: string): Promise<number> {
    const id = this.nextId++;
    const answer = new Promise<HeapUsage | null>((resolve) => {
      this.pending.set(id, resolve);
      // A worker that ends between the request and its answer never answers: count it as 0.
      setTimeout(() => {
        if (this.pending.delete(id)) resolve(null);
      }, 5000);
    });
    this.cdp!
      .send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method: 'Runtime.getHeapUsage' }) })
      .catch(() => this.pending.get(id)?.(null));
    return answer.then((u) => (u ? u.usedSize : 0));
  }

  private async sample(): Promise<void> {
    if (this.busy || !this.cdp) return;
    this.busy = true;
    try {
      const [page, ...workers] = await Promise.all([
        (this.cdp.send('Runtime.getHeapUsage') as Promise<HeapUsage>).then((u) => u.usedSize),
        ...[...this.workers].map((s) => this.workerHeap(s)),
      ]);
      const w = workers.reduce((a, b) => a + b, 0);
      const p = this.peaks;
      p.pageMB = Math.max(p.pageMB, page! / MB);
      p.workersMB = Math.max(p.workersMB, w / MB);
      p.totalMB = Math.max(p.totalMB, (page! + w) / MB);
      p.samples++;
    } catch {
      // The page is navigating or closing: the next sample will tell.
    } finally {
      this.busy = false;
    }
  }

  /** Takes one last sample, stops, and returns the peaks. */
  async stop(): Promise<HeapPeaks> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    while (this.busy) await new Promise((r) => setTimeout(r, 20));
    await this.sample();
    await this.cdp?.detach().catch(() => undefined);
    this.cdp = null;
    return { ...this.peaks, workers: this.seen };
  }
}
