// §4: a JobManager's REST statistics drawn by the simulator's own views. The adapter's output is
// checked against the fixture's numbers, read here straight from the JSON (not through the parser).
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseRestCheckpoints } from '../../src/inspector/rest/restCheckpoints';
import { restView, wallClock, REST_CURSOR } from '../../src/views/restStats/restAdapter';
import { barAtCursor } from '../../src/views/timeline/barAtCursor';

const bundleText = readFileSync('test/fixtures/rest/checkpoints-bundle.json', 'utf8');
interface RawCheckpoint {
  id: number;
  status: string;
  is_savepoint: boolean;
  trigger_timestamp: number;
  end_to_end_duration: number;
  checkpointed_size: number;
  state_size: number;
  num_subtasks: number;
  num_acknowledged_subtasks: number;
  failure_message?: string | null;
}
const raw = JSON.parse(bundleText) as Record<string, { history: RawCheckpoint[]; counts: Record<string, number> }>;
const history = raw['GET /jobs/:jobid/checkpoints']!.history;
const counts = raw['GET /jobs/:jobid/checkpoints']!.counts;

function viewOf(text: string) {
  const r = parseRestCheckpoints(text);
  if (!r.ok) throw new Error(r.error);
  return restView(r.value);
}

describe('restView: REST statistics → history rows', () => {
  const view = viewOf(bundleText);

  it('lists every checkpoint newest first with the figures REST reports', () => {
    const newestFirst = [...history].sort((a, b) => b.trigger_timestamp - a.trigger_timestamp);
    expect(view.rows.map((r) => r.id)).toEqual(newestFirst.map((c) => c.id));
    for (const c of history) {
      const row = view.rows.find((r) => r.id === c.id)!;
      expect(row.status).toBe(c.status);
      expect(row.isSavepoint).toBe(c.is_savepoint);
      expect(row.checkpointedSize).toBe(c.checkpointed_size);
      expect(row.stateSize).toBe(c.state_size);
      expect(row.durationMs).toBe(c.status === 'IN_PROGRESS' ? null : c.end_to_end_duration);
      expect([row.acknowledged, row.subtasks]).toEqual([c.num_acknowledged_subtasks, c.num_subtasks]);
      expect(row.failure).toBe(c.failure_message ?? null);
    }
    // The fixture's failed checkpoint keeps its message; its savepoint is marked.
    expect(view.rows.find((r) => r.status === 'FAILED')).toMatchObject({ id: 13, failure: 'Checkpoint expired before completing.' });
    expect(view.rows.filter((r) => r.isSavepoint).map((r) => r.id)).toEqual([15]);
  });

  it('counts as the JobManager counted, and finds the job id in a checkpoint path', () => {
    expect(view.counts).toEqual({ completed: counts.completed, failed: counts.failed, inProgress: counts.in_progress, total: counts.total });
    expect(view.jobId).toBe('0a1b2c3d4e5f60718293a4b5c6d7e8f9');
  });

  it('counts the checkpoints themselves when only a details response was pasted', () => {
    const details = (JSON.parse(bundleText) as Record<string, unknown>)['GET /jobs/:jobid/checkpoints/details/14'];
    const alone = viewOf(JSON.stringify(details));
    expect(alone.counts).toEqual({ completed: 1, failed: 0, inProgress: 0, total: 1 });
    expect(alone.rows.map((r) => [r.id, r.checkpointedSize])).toEqual([[14, 2097152]]);
  });
});

describe('restView: REST statistics → timeline bars on a wall-clock axis', () => {
  const view = viewOf(bundleText);
  const origin = Math.min(...history.map((c) => c.trigger_timestamp));

  it('puts each checkpoint at its trigger time, as long as its end-to-end duration, with its status', () => {
    expect(view.originMs).toBe(origin);
    for (const c of history) {
      const bar = view.timeline.bars.find((b) => b.id === c.id)!;
      const shown = barAtCursor(bar, REST_CURSOR, view.timeline.endMs)!;
      expect(bar.triggerMs).toBe(c.trigger_timestamp - origin);
      expect(shown.status).toBe({ COMPLETED: 'completed', FAILED: 'aborted', IN_PROGRESS: 'inProgress' }[c.status]);
      expect(shown.endMs - bar.triggerMs).toBe(c.end_to_end_duration);
    }
    // Axis labels are the JobManager's clock (UTC): checkpoint 12 was triggered at 00:41:00.
    const c12 = history.find((c) => c.id === 12)!;
    expect(wallClock(origin, c12.trigger_timestamp - origin)).toBe(new Date(c12.trigger_timestamp).toISOString().slice(11, 19));
    expect(wallClock(origin, 60000)).toBe('00:41:00');
    // The axis ends at the last acknowledgement the JobManager reported (checkpoint 16, in progress).
    expect(view.timeline.endMs).toBe(1733100240120 - origin);
    expect(view.timeline.markers).toEqual([]);
  });
});

describe('restView: REST statistics → per-checkpoint chart entries', () => {
  const view = viewOf(bundleText);

  it('has one entry per checkpoint by id; sizes for completed ones only, durations for all', () => {
    expect(view.stats.map((s) => s.id)).toEqual(history.map((c) => c.id).sort((a, b) => a - b));
    for (const c of history) {
      const s = view.stats.find((x) => x.id === c.id)!;
      expect(s.durationMs).toBe(c.end_to_end_duration);
      expect(s.checkpointedSize).toBe(c.status === 'COMPLETED' ? c.checkpointed_size : null);
      expect(s.stateSize).toBe(c.status === 'COMPLETED' ? c.state_size : null);
    }
    expect(view.stats.filter((s) => s.checkpointedSize !== null).length).toBe(counts.completed);
    expect(view.stats.find((s) => s.id === 13)!.reason).toBe('Checkpoint expired before completing.');
  });
});

// The shared example of a JobManager's responses (never committed), where present.
const shared = '../shared/fidelity/rest-checkpoints-example.json';
describe.skipIf(!existsSync(shared))('restView of the shared example', () => {
  it('shows its five checkpoints with their sizes, and the job id from the checkpoint paths', () => {
    const text = readFileSync(shared, 'utf8');
    const doc = JSON.parse(text) as Record<string, { history: RawCheckpoint[]; counts: Record<string, number> }>;
    const stats = doc['GET /jobs/:jobid/checkpoints']!;
    const view = viewOf(text);
    expect(view.rows.map((r) => [r.id, r.status, r.checkpointedSize])).toEqual(
      [...stats.history].sort((a, b) => b.trigger_timestamp - a.trigger_timestamp).map((c) => [c.id, c.status, c.checkpointed_size]),
    );
    expect(view.counts.completed).toBe(stats.counts.completed);
    expect(view.stats.filter((s) => s.checkpointedSize !== null).length).toBe(stats.counts.completed);
    expect(view.jobId).toBe('7684be6f5e0c4d3fa1bdf2c3d1e0a9b8');
  });
});
