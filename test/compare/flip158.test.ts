/**
 * FLIP-158 reproduced: with the changelog, the engine's checkpoints are much smaller and their
 * spread much narrower, more is stored (the full size grows with the log until truncation) and a
 * restore is slower — the same directions as the Flink blog's published ValueState figures.
 * The published side is data (flip158.ts); the simulated side is measured from two runs here.
 */
import { describe, expect, it } from 'vitest';
import { FLIP158_PUBLISHED, publishedRatio, reproduceFlip158 } from '../../src/engine/compare/flip158';

describe('FLIP-158 preset against the published figures', () => {
  const r = reproduceFlip158();

  it('runs both jobs long enough to have figures to compare', () => {
    expect(r.on.checkpoints.length).toBeGreaterThan(50);
    expect(r.off.checkpoints.length).toBeGreaterThan(50);
    expect(r.on.materializations).toBeGreaterThan(2);
    expect(r.on.restore.checkpointId).not.toBeNull();
  });

  it('the published ratios say what the blog says', () => {
    const byId = Object.fromEntries(FLIP158_PUBLISHED.map((f) => [f.id, publishedRatio(f)]));
    expect(byId.checkpointedSizeP50).toBeCloseTo(14.8 / 3050, 6);
    expect(byId.fullSizeP99).toBeCloseTo(25.6 / 19.6, 6);
    expect(byId.recovery).toBeCloseTo(50 / 20.5, 6);
  });

  it('checkpointed size: much smaller with the changelog, and its spread much narrower', () => {
    expect(r.on.checkpointedSize.p50).toBeLessThan(r.off.checkpointedSize.p50 * 0.25);
    expect(r.on.checkpointedSize.p99).toBeLessThan(r.off.checkpointedSize.p99 * 0.25);
    const spreadOn = r.on.checkpointedSize.p99 - r.on.checkpointedSize.p50;
    const spreadOff = r.off.checkpointedSize.p99 - r.off.checkpointedSize.p50;
    expect(spreadOn).toBeLessThan(spreadOff * 0.5);
  });

  it('full size and stored bytes: larger with the changelog', () => {
    expect(r.on.stateSize.p50).toBeGreaterThan(r.off.stateSize.p50);
    expect(r.on.storedBytes.mean).toBeGreaterThan(r.off.storedBytes.mean);
  });

  it('restore: slower with the changelog (download the log, replay it)', () => {
    expect(r.on.restore.totalMs).toBeGreaterThan(r.off.restore.totalMs);
    expect(r.on.restore.replayMs).toBeGreaterThan(0);
  });

  it('every size and recovery row points the same way as the published one', () => {
    const rows = r.rows.filter((x) => x.figure.id.startsWith('checkpointedSize') || x.figure.id.startsWith('fullSize') || x.figure.id === 'recovery');
    expect(rows.length).toBe(6);
    for (const row of rows) expect({ id: row.figure.id, same: row.sameDirection }).toEqual({ id: row.figure.id, same: true });
  });
});
