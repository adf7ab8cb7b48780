/** Strings of the registry table (src/views/registry): seed 002's table of shared files. */
export const registryEn = {
  rgTab: 'Registry',
  rgModelRefcount: 'Shared state registry, reference counts (Flink ≤1.14)',
  rgModelLastUsed: 'Shared state registry, last-used checkpoint id (Flink ≥1.15)',
  rgRetained: 'retained checkpoints: {ids} (num-retained = {n})',
  rgEmpty: 'No shared file is registered yet: shared files (incremental SSTs, changelog files) are registered when the checkpoint that uploaded them completes.',
  rgFile: 'File',
  rgPath: 'Storage path',
  rgCount: 'Count',
  rgLastUsed: 'Last used',
  rgRetainedBy: 'Retained range',
  rgSst: 'sst {n}',
  rgDeleted: 'deleted',
  rgLegend:
    'As in seed 002: one row per shared file, its place in remote storage, its count (or last-used id) and the range of retained checkpoints that use it. Green: registered by this step; yellow: its count or users changed; red: deleted at this step. Click a row: why is it still alive?',
} as const;
