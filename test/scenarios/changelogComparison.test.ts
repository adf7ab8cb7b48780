/**
 * FLIP-158's comparison, same job and seed, changelog off vs on (RocksDB incremental, a
 * checkpoint every 200 ms, materialization every 4 s): with the changelog each checkpoint uploads
 * far less and more steadily (no compaction spikes), storage holds more (the log until
 * truncation), and a restore is slower (download the log, replay it). Shapes, not Flink's numbers.
 */
import { describe, expect, it } from 'vitest';
import { compareChangelog } from '../../src/engine/compare/changelogComparison';

describe('changelog on vs off, same seed', () => {
  it('shows smaller and steadier checkpoints, more stored bytes and slower restores with the changelog', () => {
    const c = compareChangelog();
    if (process.env.SHOW_FIGURES) console.log(JSON.stringify(c, null, 1));
    expect(c.off.checkpoints.length).toBeGreaterThan(50);
    expect(c.on.checkpoints.length).toBeGreaterThan(50);
    expect(c.on.materializations).toBeGreaterThan(2);
    // Much smaller checkpoints: the delta instead of new SSTs and the private files.
    expect(c.ratios.checkpointedSizeP50).toBeLessThan(0.25);
    expect(c.ratios.checkpointedSizeMax).toBeLessThan(0.25);
    // Steadier: the plain runs spike when a compaction's output is uploaded.
    expect(c.on.checkpointedSize.max / c.on.checkpointedSize.p50).toBeLessThan(c.off.checkpointedSize.max / c.off.checkpointedSize.p50);
    expect(c.ratios.steadinessOn).toBeLessThan(c.ratios.steadinessOff);
    // More stored: the materialization plus the log until truncation.
    expect(c.ratios.storedBytesMean).toBeGreaterThan(1.2);
    // Slower restore: download the log and replay it after the materialized part.
    expect(c.on.restore.replayMs).toBeGreaterThan(0);
    expect(c.ratios.restoreTime).toBeGreaterThan(2);
    // The small-file problem: many DSTL files and upload requests.
    expect(c.on.dstlFiles).toBeGreaterThan(c.on.checkpoints.length);
    expect(c.on.uploadRequests).toBeGreaterThanOrEqual(c.on.dstlFiles);
  });
});
