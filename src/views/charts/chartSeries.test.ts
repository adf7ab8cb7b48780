// The charts' series on a real recording of the default scenario.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SCENARIO,
  DEFAULT_SCENARIO_INPUT,
  scenarioOf,
  Timeline,
  type ScenarioInput,
} from '../../engine';
import { deriveChartData, upTo } from './chartSeries';
import { binUploads, uploadKinds } from './binUploads';
import { checkpointStatsAt } from './checkpointStats';

const timeline = Timeline.record(DEFAULT_SCENARIO, { keyframeEvery: 32 });
const data = deriveChartData(timeline);

function storageAt(pos: number): { bytes: number; files: number } {
  const files = Object.values(timeline.stateAt(pos).storage.files);
  return { bytes: files.reduce((n, f) => n + f.bytes.length, 0), files: files.length };
}

describe('remote storage over time', () => {
  it('equals the engine’s storage model at every step that changed it (and so in between)', () => {
    const stride = Math.max(1, Math.floor(data.storage.length / 25));
    for (let i = 0; i < data.storage.length; i += stride) {
      const p = data.storage[i]!;
      expect({ bytes: p.bytes, files: p.files }, `position ${p.pos}`).toEqual(storageAt(p.pos));
    }
    const last = upTo(data.storage, timeline.length).at(-1)!;
    expect({ bytes: last.bytes, files: last.files }).toEqual(storageAt(timeline.length));
  });

  it('counts the changelog backend’s DSTL files too', () => {
    const input = DEFAULT_SCENARIO_INPUT as ScenarioInput & { stateBackend: object };
    const changelog = Timeline.record(
      scenarioOf({
        ...input,
        stateBackend: { ...input.stateBackend, changelog: { enabled: true } },
      } as ScenarioInput),
      { keyframeEvery: 32 },
    );
    const series = deriveChartData(changelog).storage;
    const files = Object.values(changelog.stateAt(changelog.length).storage.files);
    expect(files.some((f) => f.meta.kind === 'dstl')).toBe(true);
    const last = series.at(-1)!;
    expect({ bytes: last.bytes, files: last.files }).toEqual({
      bytes: files.reduce((n, f) => n + f.bytes.length, 0),
      files: files.length,
    });
  });

  it('grows with uploads and shrinks when subsumed checkpoints are deleted', () => {
    const bytes = data.storage.map((p) => p.bytes);
    expect(Math.max(...bytes)).toBeGreaterThan(bytes.at(-1)!);
    expect(bytes.some((b, i) => i > 0 && b < bytes[i - 1]!)).toBe(true);
  });

  it('is cut at the cursor: only points of steps up to it', () => {
    const mid = Math.floor(timeline.length / 2);
    const cut = upTo(data.storage, mid);
    expect(cut.length).toBeGreaterThan(1);
    expect(cut.length).toBeLessThan(data.storage.length);
    expect(cut.every((p) => p.pos <= mid)).toBe(true);
    expect(data.storage[cut.length]!.pos).toBeGreaterThan(mid);
    expect(upTo(data.storage, 0)).toEqual([data.storage[0]]);
  });
});

describe('uploads per interval', () => {
  it('counts every uploaded byte once, in the bin of its time', () => {
    const bins = binUploads(data.uploads, data.endMs, 40);
    const total = data.uploads.reduce((n, u) => n + u.bytes, 0);
    expect(bins.reduce((n, b) => n + b.total, 0)).toBe(total);
    expect(bins.reduce((n, b) => n + b.files, 0)).toBe(data.uploads.length);
    expect(bins[0]!.x0).toBe(0);
    expect(bins.at(-1)!.x1).toBeGreaterThanOrEqual(data.endMs);
    for (const b of bins) {
      expect(Object.values(b.byKind).reduce((n, v) => n + v, 0)).toBe(b.total);
      expect(b.x1).toBeGreaterThan(b.x0);
    }
    // Incremental RocksDB checkpoints upload SSTs, private files and the _metadata.
    expect(uploadKinds(data.uploads)).toEqual(['sst', 'private', 'metadata']);
  });

  it('has the same bins at any cursor, filled only up to it', () => {
    const mid = Math.floor(timeline.length / 2);
    const all = binUploads(data.uploads, data.endMs, 40);
    const half = binUploads(upTo(data.uploads, mid), data.endMs, 40);
    expect(half.map((b) => [b.x0, b.x1])).toEqual(all.map((b) => [b.x0, b.x1]));
    const t = timeline.timeAt(mid);
    for (let i = 0; i < all.length; i++)
      if (all[i]!.x1 <= t) expect(half[i]!.total).toBe(all[i]!.total);
    expect(half.reduce((n, b) => n + b.total, 0)).toBeLessThan(
      all.reduce((n, b) => n + b.total, 0),
    );
  });
});

describe('per-checkpoint figures', () => {
  it('report checkpointed_size, state_size and end-to-end duration as the coordinator does', () => {
    const state = timeline.stateAt(timeline.length);
    const stats = checkpointStatsAt(data.bars, timeline.length, data.endMs);
    expect(stats.map((s) => s.id)).toEqual(state.coordinator.history.map((h) => h.id));
    for (const h of state.coordinator.history) {
      const s = stats.find((x) => x.id === h.id)!;
      expect(s.checkpointedSize).toBe(h.checkpointedSize);
      expect(s.stateSize).toBe(h.stateSize);
      expect(s.durationMs).toBe(h.completeMs! - h.triggerMs);
      expect(s.status).toBe(h.subsumed ? 'subsumed' : 'completed');
    }
  });

  it('at the cursor: unknown sizes while in progress, nothing for checkpoints not yet triggered', () => {
    const second = data.bars[1]!;
    const pos = second.triggerPos + 3;
    const stats = checkpointStatsAt(data.bars, pos, timeline.timeAt(pos));
    expect(stats.map((s) => s.id)).toEqual([data.bars[0]!.id, second.id]);
    expect(stats[1]).toMatchObject({
      status: 'inProgress',
      checkpointedSize: null,
      stateSize: null,
      durationMs: timeline.timeAt(pos) - second.triggerMs,
    });
    expect(stats[0]!.checkpointedSize).toBeGreaterThan(0);
  });
});
