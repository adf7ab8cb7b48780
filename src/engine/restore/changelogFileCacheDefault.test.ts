import { describe, expect, it } from 'vitest';
import { scenarioOf } from '../defaultScenario';
import { SCENARIO_FORMAT } from '../scenario/scenarioSchema';
import { Simulation } from '../simulation';
import type { EventOf } from '../events';

describe('the changelog restore file cache', () => {
  // Flink ≥ 1.16 always reads changelog files through ChangelogStreamHandleReaderWithCache
  // (FsStateChangelogStorageForRecovery creates it unconditionally; FLINK-27155): a scenario
  // that says nothing about the cache restores through it. `fileCache: false` is Flink 1.15's reader.
  it('is on unless a scenario asks for Flink 1.15\'s reader', () => {
    const reads = (fileCache?: boolean) => {
      const sim = Simulation.create(
        scenarioOf({
          format: SCENARIO_FORMAT,
          job: { parallelism: 2, source: { kind: 'generator', keys: 10, ratePerSec: 200 } },
          stateBackend: { changelog: { enabled: true, ...(fileCache === undefined ? {} : { fileCache }) } },
          checkpointing: { intervalMs: 300 },
          script: [{ atMs: 1000, do: 'restore', checkpoint: 'latest' }],
          untilMs: 1500,
        }),
      );
      return sim.runUntil(1500).filter((e): e is EventOf<'changelog.restore.read'> => e.type === 'changelog.restore.read');
    };
    const byDefault = reads();
    expect(byDefault.length).toBeGreaterThan(0);
    expect(byDefault.every((e) => e.cached)).toBe(true);
    expect(reads(false).every((e) => !e.cached)).toBe(true);
  });
});
