/**
 * Actions: the scenario script's vocabulary, also used for what a user does at the cursor.
 * Applying one at an earlier step branches the timeline: the recorded future is re-run.
 */
import type { ScenarioAction } from './scenario/actionSchema';

/** A script action without its time: it happens when it is applied. */
export type UserAction = ScenarioAction extends infer A ? (A extends { atMs: number } ? Omit<A, 'atMs'> : never) : never;

/** A short human-readable description used in logs and the event list. */
export function describeAction(a: UserAction): string {
  switch (a.do) {
    case 'emit':
      return `emit ${a.records.map((r) => `${JSON.stringify(r.key)}=${r.value}`).join(', ')}${a.source ? ` at ${a.source}` : ''}`;
    case 'checkpoint':
      return a.do;
    case 'savepoint':
      return a.format ? `savepoint (${a.format})` : 'savepoint';
    case 'flush':
      return `flush ${a.task}`;
    case 'compact':
      return `compact ${a.task} files ${a.files.join(', ')}`;
    case 'materialize':
      return `materialize ${a.task ?? 'all tasks'}`;
    case 'fail':
      return `fail ${a.task} (${a.phase})`;
    case 'decline':
      return `decline ${a.task}${a.checkpoint !== undefined ? ` checkpoint ${a.checkpoint}` : ''}`;
    case 'failUploads':
      return `fail the next ${a.count} uploads${a.task ? ` of ${a.task}` : ''}`;
    case 'restore':
      return `restore from ${a.checkpoint}${a.mode !== undefined ? ` as a new job (${a.mode})` : ''}${a.parallelism !== undefined ? ` at parallelism ${a.parallelism}` : ''}${a.changelog !== undefined ? ` with the changelog ${a.changelog ? 'on' : 'off'}` : ''}`;
    case 'cancel':
      return 'cancel the job';
    case 'stop':
      return `stop with savepoint${a.drain ? ' --drain' : ''}${a.format ? ` (${a.format})` : ''}`;
    case 'loseTaskManager':
      return `lose TaskManager tm-${a.taskManager}`;
    case 'slowStorage':
      return `slow storage ×${a.factor}${a.durationMs > 0 ? ` for ${a.durationMs} ms` : ''}`;
  }
}
