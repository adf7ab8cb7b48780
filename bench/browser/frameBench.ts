/**
 * Browser side of the frame-time benchmark (bundled by bench/frame.bench.ts and injected into
 * the built app's page before it loads; it drives the app only through its UI, like a user).
 *
 * `run` keeps the default scenario playing for the configured time and records the interval
 * between consecutive requestAnimationFrame callbacks: a frame the app made late (its playback
 * tick, React's render, d3's tweens, layout and paint) shows as a long interval. Playback stops
 * at the end of the recording; the loop presses Play again, which starts over from step 0, as a
 * teacher replaying a scenario would.
 */

export interface FrameBenchConfig {
  /** Playing before recording starts (JIT, first renders of every view). */
  warmupMs: number;
  durationMs: number;
}

export interface FrameBenchRun {
  /** ms between consecutive animation frames while playing. */
  deltas: number[];
  /** How often playback reached the end and was started again. */
  loops: number;
  /** Steps the cursor moved forward during the measurement (the views showed each position it landed on). */
  stepsShown: number;
  /** Longest main-thread tasks seen (ms, from the Long Tasks API when available). */
  longTasks: number[];
}

function playButton(): HTMLButtonElement {
  const b = document.querySelector<HTMLButtonElement>('[data-testid="play"]');
  if (!b) throw new Error('no play button: the app did not render');
  return b;
}

/** The cursor from the step readout (textContent: no layout is forced). */
function cursor(): number {
  return Number(
    document.querySelector('[data-testid="step-readout"] b')?.textContent ?? Number.NaN,
  );
}

function run(cfg: FrameBenchConfig): Promise<FrameBenchRun> {
  const deltas: number[] = [];
  const longTasks: number[] = [];
  let loops = 0;
  let stepsShown = 0;
  let observer: PerformanceObserver | null = null;
  try {
    observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) longTasks.push(e.duration);
    });
    observer.observe({ type: 'longtask', buffered: false });
  } catch {
    observer = null; // no Long Tasks API: the frame intervals still tell the story
  }
  const ensurePlaying = (): void => {
    const play = playButton();
    if (play.getAttribute('aria-pressed') !== 'true') {
      play.click();
      loops++;
    }
  };
  ensurePlaying();
  return new Promise((resolve) => {
    const t0 = performance.now();
    let last = t0;
    let lastCursor = cursor();
    const frame = (now: number): void => {
      const measuring = now - t0 > cfg.warmupMs;
      if (measuring) {
        deltas.push(now - last);
        const c = cursor();
        if (c > lastCursor) stepsShown += c - lastCursor;
        lastCursor = c;
      } else lastCursor = cursor();
      last = now;
      if (now - t0 < cfg.warmupMs + cfg.durationMs) {
        ensurePlaying();
        requestAnimationFrame(frame);
        return;
      }
      if (playButton().getAttribute('aria-pressed') === 'true') playButton().click();
      observer?.disconnect();
      // The first measured interval may straddle the end of the warm-up; the loop counts restarts in the warm-up too.
      resolve({
        deltas,
        loops,
        stepsShown,
        longTasks: longTasks.sort((a, b) => b - a).slice(0, 10),
      });
    };
    requestAnimationFrame(frame);
  });
}

/** What the page exposes to page.evaluate. */
export interface FrameBenchApi {
  run: typeof run;
}

(globalThis as unknown as { frameBench: FrameBenchApi }).frameBench = { run };
