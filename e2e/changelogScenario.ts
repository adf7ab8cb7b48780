/**
 * A changelog scenario for the specs that need one (the same run as seed 000 in changelog.spec.ts:
 * log-based incremental checkpoints, one materialization, truncations), and its share link.
 */
export const SEED_000_CHANGELOG = {
  format: 'checkpoint-lab/scenario@1',
  title: 'Seed 000: log-based incremental checkpoints',
  seed: 0,
  job: { parallelism: 1, maxParallelism: 128, source: { kind: 'script' } },
  storage: { latencyMs: 20, bytesPerMs: 10 },
  stateBackend: {
    type: 'rocksdb',
    incremental: true,
    changelog: { enabled: true, materializationIntervalMs: 0 },
  },
  checkpointing: { numRetained: 1 },
  script: [
    { atMs: 100, do: 'emit', records: [{ key: 'a', value: 1 }] },
    { atMs: 200, do: 'checkpoint' },
    { atMs: 500, do: 'emit', records: [{ key: 'b', value: 2 }] },
    { atMs: 600, do: 'materialize' },
    { atMs: 620, do: 'emit', records: [{ key: 'c', value: 3 }] },
    { atMs: 650, do: 'checkpoint' },
    { atMs: 1500, do: 'emit', records: [{ key: 'a', value: 4 }] },
    { atMs: 1600, do: 'checkpoint' },
  ],
  untilMs: 2500,
};

/** The path that opens the scenario as a share link. */
export function changelogShareLink(): string {
  return `/#scenario=${Buffer.from(JSON.stringify(SEED_000_CHANGELOG)).toString('base64url')}`;
}
