/**
 * What else happened on the time axis of the checkpoint timeline: job failures, restores (from
 * `restore.started` until the job runs again), failed restores, and, when the run uses the
 * changelog state backend, materializations and changelog truncations. The changelog events
 * are read by name, so this view shows them once the engine records them and ignores their
 * absence; their payload is summarized generically, not assumed.
 */
import type { EngineEvent, StepRecord } from '../../engine';

export type MarkerKind =
  'jobFailed' | 'restore' | 'restoreFailed' | 'materialization' | 'truncation';

export interface TimelineMarker {
  kind: MarkerKind;
  atMs: number;
  pos: number;
  /** For spans (restore, materialization): when it ended; null while it never did. */
  endMs: number | null;
  endPos: number | null;
  /** A materialization or restore that failed. */
  failed: boolean;
  task: string | null;
  /** Untranslated details from the payload (reason, checkpoint id, sequence numbers…). */
  detail: string;
}

export const MATERIALIZATION_STARTED = 'changelog.materialization.started';
export const MATERIALIZATION_COMPLETED = 'changelog.materialization.completed';
export const MATERIALIZATION_FAILED = 'changelog.materialization.failed';
export const CHANGELOG_TRUNCATED = 'changelog.truncated';

const BASE_FIELDS = new Set(['type', 'step', 'atMs', 'task', 'flinkRef']);

/** `key=value` for an event's own scalar fields: enough for a tooltip without knowing the payload. */
export function payloadSummary(e: object): string {
  return Object.entries(e)
    .filter(
      ([k, v]) =>
        !BASE_FIELDS.has(k) &&
        (typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean'),
    )
    .map(([k, v]) => `${k}=${String(v)}`)
    .join(' · ');
}

function point(
  kind: MarkerKind,
  e: EngineEvent,
  pos: number,
  detail: string,
  failed = false,
): TimelineMarker {
  return {
    kind,
    atMs: e.atMs,
    pos,
    endMs: e.atMs,
    endPos: pos,
    failed,
    task: e.task ?? null,
    detail,
  };
}

/** The markers of a recording, in time order. */
export function deriveMarkers(records: readonly StepRecord[]): TimelineMarker[] {
  const out: TimelineMarker[] = [];
  let restoring: TimelineMarker | null = null;
  // Materializations run one at a time per subtask (a new one is skipped while one is running).
  const materializing = new Map<string, TimelineMarker>();
  records.forEach((r, i) => {
    const pos = i + 1;
    for (const e of r.events) {
      // Widened: the changelog events may not be part of the event union yet.
      const type: string = e.type;
      if (e.type === 'job.failed') out.push(point('jobFailed', e, pos, e.reason));
      else if (e.type === 'restore.failed')
        out.push(point('restoreFailed', e, pos, e.reason, true));
      else if (e.type === 'restore.started') {
        restoring = {
          kind: 'restore',
          atMs: e.atMs,
          pos,
          endMs: null,
          endPos: null,
          failed: false,
          task: null,
          detail: `${e.isSavepoint ? 'savepoint' : 'checkpoint'} ${e.checkpointId} · p=${e.parallelism}`,
        };
        out.push(restoring);
      } else if (e.type === 'job.running' && restoring) {
        restoring.endMs = e.atMs;
        restoring.endPos = pos;
        restoring = null;
      } else if (type === MATERIALIZATION_STARTED) {
        const m: TimelineMarker = {
          kind: 'materialization',
          atMs: e.atMs,
          pos,
          endMs: null,
          endPos: null,
          failed: false,
          task: e.task ?? null,
          detail: payloadSummary(e),
        };
        materializing.set(e.task ?? '', m);
        out.push(m);
      } else if (type === MATERIALIZATION_COMPLETED || type === MATERIALIZATION_FAILED) {
        const failed = type === MATERIALIZATION_FAILED;
        const m = materializing.get(e.task ?? '');
        if (m) {
          m.endMs = e.atMs;
          m.endPos = pos;
          m.failed = failed;
          const more = payloadSummary(e);
          if (more) m.detail = m.detail ? `${m.detail} → ${more}` : more;
          materializing.delete(e.task ?? '');
        } else out.push(point('materialization', e, pos, payloadSummary(e), failed));
      } else if (type === CHANGELOG_TRUNCATED)
        out.push(point('truncation', e, pos, payloadSummary(e)));
    }
  });
  return out.sort((a, b) => a.pos - b.pos);
}
