/**
 * The changelog backend inside a running job: DSTL files aggregated per TaskManager and the
 * restore-time file cache (seed 000's read amplification), switching the changelog on and off
 * across restores with checkpoints after each switch, and materialization's failure counter.
 */
import { describe, expect, it } from 'vitest';
import { scenarioOf } from '../../defaultScenario';
import type { EngineEvent, EventOf } from '../../events';
import type { ScenarioAction } from '../../scenario/actionSchema';
import { SCENARIO_FORMAT } from '../../scenario/scenarioSchema';
import { Simulation } from '../../simulation';
import { keyedStateEntries } from '../stateView';

const KEYS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];

function scenario(opts: { fileCache?: boolean; changelog?: boolean; script: ScenarioAction[]; untilMs: number; maxFailures?: number }) {
  return scenarioOf({
    format: SCENARIO_FORMAT,
    seed: 11,
    // Parallelism 4 in two-slot TaskManagers: count#0 and count#1 share tm-0 (and its DSTL files).
    job: { parallelism: 4, maxParallelism: 32, slotsPerTaskManager: 4, source: { kind: 'script' } },
    stateBackend: { type: 'rocksdb', incremental: true, changelog: { enabled: opts.changelog ?? true, fileCache: opts.fileCache ?? false, maxFailuresAllowed: opts.maxFailures ?? 3 } },
    checkpointing: { numRetained: 2 },
    script: opts.script,
    untilMs: opts.untilMs,
  });
}

function emits(fromMs: number, n: number): ScenarioAction[] {
  return Array.from({ length: n }, (_, i) => ({ atMs: fromMs + i * 30, do: 'emit' as const, records: KEYS.map((key, j) => ({ key, value: i + j })), source: `source#${i % 4}` }));
}

function runAll(sim: Simulation, untilMs: number): EngineEvent[] {
  const events: EngineEvent[] = [];
  for (let ev = sim.step(); ev && sim.nowMs <= untilMs; ev = sim.step()) events.push(...ev);
  return events;
}

function state(sim: Simulation): Record<string, unknown> {
  return Object.fromEntries(Object.values(sim.state.job.keyed).flatMap((k) => keyedStateEntries(k.backend).map((e) => [String(e.key), e.value])));
}

describe('changelog backend in a job', () => {
  const script: ScenarioAction[] = [...emits(50, 3), { atMs: 200, do: 'checkpoint' }, ...emits(300, 3), { atMs: 450, do: 'checkpoint' }, ...emits(500, 3), { atMs: 650, do: 'checkpoint' }, { atMs: 900, do: 'restore', checkpoint: 'latest' }];

  it('aggregates change sets of the operators of one TaskManager into shared files', () => {
    const sim = Simulation.create(scenario({ script, untilMs: 1400 }));
    const events = runAll(sim, 1400);
    const uploads = events.filter((e): e is EventOf<'dstl.uploaded'> => e.type === 'dstl.uploaded');
    expect(uploads.some((u) => new Set(u.writers).size > 1)).toBe(true);
  });

  it('without the file cache downloads an aggregated file once per read; with it, once per TaskManager', () => {
    const reads = (fileCache: boolean) => {
      const sim = Simulation.create(scenario({ fileCache, script, untilMs: 1400 }));
      const events = runAll(sim, 1400);
      const r = events.filter((e): e is EventOf<'changelog.restore.read'> => e.type === 'changelog.restore.read');
      const restored = events.filter((e): e is EventOf<'restore.taskRestored'> => e.type === 'restore.taskRestored' && e.changelog !== null);
      const downloads = new Map<string, number>();
      for (const e of r) if (e.downloaded) downloads.set(e.file, (downloads.get(e.file) ?? 0) + 1);
      return { reads: r.length, downloads, restored, state: state(sim) };
    };
    const direct = reads(false);
    const cached = reads(true);
    expect(direct.reads).toBeGreaterThan(0);
    expect(direct.reads).toBe(cached.reads);
    // Direct: every (file, offset) read downloads the whole file again: read amplification.
    expect([...direct.downloads.values()].reduce((a, b) => a + b, 0)).toBe(direct.reads);
    expect(Math.max(...direct.downloads.values())).toBeGreaterThan(1);
    // Cached: each file at most once per TaskManager (two TaskManagers here).
    for (const [file, n] of cached.downloads) expect(n, file).toBeLessThanOrEqual(2);
    expect([...cached.downloads.values()].reduce((a, b) => a + b, 0)).toBeLessThan(direct.reads);
    // The cache changes the download time, not the result.
    expect(cached.state).toEqual(direct.state);
    const dl = (x: typeof direct) => x.restored.reduce((n, e) => n + e.downloadMs, 0);
    expect(dl(cached)).toBeLessThan(dl(direct));
  });

  it('switches the changelog off and on across restores, checkpointing after each switch', () => {
    const switching: ScenarioAction[] = [
      ...emits(50, 3),
      { atMs: 200, do: 'checkpoint' },
      { atMs: 300, do: 'restore', checkpoint: 'latest', changelog: false },
      ...emits(500, 2),
      { atMs: 600, do: 'checkpoint' },
      { atMs: 700, do: 'restore', checkpoint: 'latest', changelog: true },
      ...emits(900, 2),
      { atMs: 1000, do: 'checkpoint' },
      { atMs: 1100, do: 'materialize' },
      ...emits(1200, 2),
      { atMs: 1300, do: 'checkpoint' },
      { atMs: 1400, do: 'restore', checkpoint: 'latest' },
    ];
    const withSwitches = Simulation.create(scenario({ script: switching, untilMs: 1800 }));
    const events = runAll(withSwitches, 1800);
    expect(events.filter((e) => e.type === 'restore.failed').map((e) => JSON.stringify(e))).toEqual([]);
    const kinds = withSwitches.state.coordinator.history.filter((h) => h.status !== 'FAILED').map((h) => (h.taskFiles['count#0']?.changelog ? 'changelog' : 'plain'));
    expect(kinds).toEqual(['changelog', 'plain', 'changelog', 'changelog']);
    // Same records, no switches and no restores: the same final state.
    const plain = Simulation.create(scenario({ changelog: false, script: switching.filter((a) => a.do === 'emit'), untilMs: 1800 }));
    runAll(plain, 1800);
    expect(state(withSwitches)).toEqual(state(plain));
  });

  it('fails the task after more than max-failures-allowed consecutive failed materializations', () => {
    const failing: ScenarioAction[] = [];
    for (let i = 0; i < 3; i++) {
      failing.push({ atMs: 100 + i * 200, do: 'emit', records: KEYS.map((key) => ({ key, value: 1 })) }, { atMs: 150 + i * 200, do: 'failUploads', count: 1, task: 'count#0' }, { atMs: 160 + i * 200, do: 'materialize', task: 'count#0' });
    }
    const sim = Simulation.create(scenario({ script: failing, untilMs: 1200, maxFailures: 2 }));
    const events = runAll(sim, 1200);
    const failed = events.filter((e): e is EventOf<'changelog.materialization.failed'> => e.type === 'changelog.materialization.failed');
    expect(failed.map((f) => f.consecutiveFailures)).toEqual([1, 2, 3]);
    const jobFailed = events.find((e): e is EventOf<'job.failed'> => e.type === 'job.failed');
    expect(jobFailed?.reason).toMatch(/max-failures-allowed 2/);
    expect(jobFailed!.step).toBe(failed[2]!.step);
  });
});
