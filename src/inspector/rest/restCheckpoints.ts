/**
 * §4: the checkpoint statistics a JobManager serves (Flink REST API v1, 1.20:
 * `GET /jobs/:jobid/checkpoints` → CheckpointingStatistics, `…/checkpoints/config` →
 * CheckpointConfigInfo, `…/checkpoints/details/:id` → CheckpointStatistics), pasted or dropped as
 * JSON. Accepted: the statistics object itself, a details object alone, or one object holding
 * several responses under keys that name the endpoint (`"GET /jobs/:jobid/checkpoints"`,
 * `"checkpoints"`, `"config"`, `"details/4"`…). Validated with valibot: each problem names the
 * field path; sizes are bounded (text, history length, tasks per checkpoint). Fields Flink adds
 * in other versions are ignored, not refused; fields the views need are required.
 */
import * as v from 'valibot';
import { formatPath, int, issueKeys, VALIDATION_CONFIG } from '../../engine/scenario/validation';

/** Largest text accepted (a JobManager's history is capped at `web.checkpoints.history`, 10 by default). */
export const MAX_REST_TEXT_BYTES = 2 * 1024 * 1024;
export const MAX_HISTORY = 1000;
export const MAX_TASKS = 1000;

const count = int(0);
const timestamp = int(-1);
const STATUSES = ['IN_PROGRESS', 'COMPLETED', 'FAILED'] as const;
const CHECKPOINT_TYPES = ['CHECKPOINT', 'UNALIGNED_CHECKPOINT', 'SAVEPOINT', 'SYNC_SAVEPOINT', 'FULL_CHECKPOINT'] as const;

const taskStatistics = v.object({
  id: count,
  status: v.picklist(STATUSES),
  latest_ack_timestamp: timestamp,
  checkpointed_size: v.optional(count),
  state_size: count,
  end_to_end_duration: int(-1),
  num_subtasks: count,
  num_acknowledged_subtasks: count,
});

/** `CheckpointStatistics` (completed, failed or in progress: `className`). */
const checkpointStatistics = v.object({
  className: v.optional(v.picklist(['completed', 'failed', 'in_progress'])),
  id: count,
  status: v.picklist(STATUSES),
  is_savepoint: v.boolean(),
  savepointFormat: v.optional(v.nullable(v.string())),
  trigger_timestamp: timestamp,
  latest_ack_timestamp: timestamp,
  checkpointed_size: v.optional(count),
  state_size: count,
  end_to_end_duration: int(-1),
  alignment_buffered: v.optional(count),
  processed_data: v.optional(count),
  persisted_data: v.optional(count),
  num_subtasks: count,
  num_acknowledged_subtasks: count,
  checkpoint_type: v.picklist(CHECKPOINT_TYPES),
  tasks: v.optional(v.pipe(v.record(v.string(), taskStatistics), v.check((t) => Object.keys(t).length <= MAX_TASKS, `at most ${MAX_TASKS} tasks`))),
  external_path: v.optional(v.nullable(v.string())),
  discarded: v.optional(v.boolean()),
  failure_timestamp: v.optional(timestamp),
  failure_message: v.optional(v.nullable(v.string())),
});

const statsSummary = v.object({ min: v.number(), max: v.number(), avg: v.number(), p50: v.optional(v.number()), p90: v.optional(v.number()), p95: v.optional(v.number()), p99: v.optional(v.number()), p999: v.optional(v.number()) });

/** `CheckpointingStatistics`. */
const checkpointingStatistics = v.object({
  counts: v.object({ restored: count, total: count, in_progress: count, completed: count, failed: count }),
  summary: v.optional(v.record(v.string(), statsSummary)),
  latest: v.optional(
    v.object({
      completed: v.optional(v.nullable(checkpointStatistics)),
      savepoint: v.optional(v.nullable(checkpointStatistics)),
      failed: v.optional(v.nullable(checkpointStatistics)),
      restored: v.optional(v.nullable(v.object({ id: count, restore_timestamp: timestamp, is_savepoint: v.boolean(), external_path: v.optional(v.nullable(v.string())) }))),
    }),
  ),
  history: v.pipe(v.array(checkpointStatistics), v.maxLength(MAX_HISTORY, `at most ${MAX_HISTORY} checkpoints`)),
});

/** `CheckpointConfigInfo` (the fields shown; others are kept out). */
const checkpointConfig = v.object({
  mode: v.string(),
  interval: int(),
  timeout: int(),
  min_pause: v.optional(int()),
  max_concurrent: v.optional(int()),
  unaligned_checkpoints: v.optional(v.boolean()),
  state_backend: v.optional(v.string()),
  checkpoint_storage: v.optional(v.string()),
  tolerable_failed_checkpoints: v.optional(int()),
  aligned_checkpoint_timeout: v.optional(int()),
  changelog_storage: v.optional(v.string()),
  externalization: v.optional(v.object({ enabled: v.boolean(), delete_on_cancellation: v.boolean() })),
});

export type RestCheckpoint = v.InferOutput<typeof checkpointStatistics>;
export type RestCheckpointingStatistics = v.InferOutput<typeof checkpointingStatistics>;
export type RestCheckpointConfig = v.InferOutput<typeof checkpointConfig>;

export interface RestStatistics {
  statistics: RestCheckpointingStatistics | null;
  config: RestCheckpointConfig | null;
  /** `…/checkpoints/details/:id` responses, by id. */
  details: RestCheckpoint[];
}

export type RestParseResult = { ok: true; value: RestStatistics } | { ok: false; error: string };

const check = {
  statistics: v.safeParser(checkpointingStatistics, VALIDATION_CONFIG),
  config: v.safeParser(checkpointConfig, VALIDATION_CONFIG),
  details: v.safeParser(checkpointStatistics, VALIDATION_CONFIG),
};

type Kind = keyof typeof check;

/** Which response a key of a bundle names, from the endpoint's path. */
function kindOfKey(key: string): Kind | null {
  const path = key.replace(/^(GET\s+)/i, '').replace(/\/+$/, '');
  if (/(^|\/)config$/.test(path)) return 'config';
  if (/(^|\/)details(\/[^/]+)?$/.test(path)) return 'details';
  if (/(^|\/)checkpoints$/.test(path)) return 'statistics';
  return null;
}

function isObject(x: unknown): x is Record<string, unknown> {
  return x !== null && typeof x === 'object' && !Array.isArray(x);
}

/** Reads the pasted text; never throws: the error names the field path (with the endpoint it came from). */
export function parseRestCheckpoints(text: string): RestParseResult {
  const bytes = new TextEncoder().encode(text).length;
  if (bytes > MAX_REST_TEXT_BYTES) return { ok: false, error: `the JSON is ${bytes} bytes; at most ${MAX_REST_TEXT_BYTES} are read` };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    return { ok: false, error: `not JSON: ${e instanceof Error ? e.message : String(e)}` };
  }
  if (!isObject(raw)) return { ok: false, error: '(document): expected an object (the response of GET /jobs/:jobid/checkpoints)' };

  // Which parts: the document itself is one response, or a bundle of responses under endpoint keys.
  const parts: { key: string | null; kind: Kind; value: unknown }[] = [];
  if ('history' in raw || 'counts' in raw) parts.push({ key: null, kind: 'statistics', value: raw });
  else if ('checkpoint_type' in raw && 'trigger_timestamp' in raw) parts.push({ key: null, kind: 'details', value: raw });
  else if ('interval' in raw && 'mode' in raw) parts.push({ key: null, kind: 'config', value: raw });
  else for (const [key, value] of Object.entries(raw)) {
    const kind = kindOfKey(key);
    if (kind) parts.push({ key, kind, value });
  }
  if (!parts.some((p) => p.kind === 'statistics' || p.kind === 'details')) {
    return { ok: false, error: '(document): no checkpoint statistics found: expected the response of GET /jobs/:jobid/checkpoints (with "counts" and "history"), or an object holding it under a key such as "GET /jobs/:jobid/checkpoints"' };
  }
  const out: RestStatistics = { statistics: null, config: null, details: [] };
  for (const p of parts) {
    const r = check[p.kind](p.value);
    if (!r.success) {
      const [first, ...more] = r.issues;
      const keys = [...(p.key === null ? [] : [p.key]), ...issueKeys(first)];
      const where = p.key === null ? formatPath(keys) : `${JSON.stringify(p.key)}${formatPath(keys.slice(1)) === '(document)' ? '' : `.${formatPath(keys.slice(1))}`}`;
      const others = more.length > 0 ? ` (and ${more.length} more problem${more.length === 1 ? '' : 's'})` : '';
      return { ok: false, error: `${where}: ${first.message}${others}` };
    }
    if (p.kind === 'statistics') out.statistics = r.output as RestCheckpointingStatistics;
    else if (p.kind === 'config') out.config = r.output as RestCheckpointConfig;
    else out.details.push(r.output as RestCheckpoint);
  }
  return { ok: true, value: out };
}

/** Every checkpoint the responses name, oldest first (history, details and latest merged by id). */
export function restCheckpointList(s: RestStatistics): RestCheckpoint[] {
  const byId = new Map<number, RestCheckpoint>();
  const latest = s.statistics?.latest;
  for (const c of [latest?.completed, latest?.savepoint, latest?.failed, ...(s.statistics?.history ?? []), ...s.details]) if (c) byId.set(c.id, { ...byId.get(c.id), ...c });
  return [...byId.values()].sort((a, b) => a.trigger_timestamp - b.trigger_timestamp || a.id - b.id);
}
