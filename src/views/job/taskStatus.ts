/**
 * What a subtask is doing at one recorded step, for the badges of the job graph: busy with a
 * record, stopped by back-pressure, aligning barriers (with the aligned-checkpoint timeout still
 * to run), holding records, persisting in-flight data of an unaligned checkpoint, uploading, and
 * for a transactional sink its open and pre-committed transactions. Pure.
 */
import { transactionsOf, type EngineState } from '../../engine';
import { acknowledgement } from './acknowledgements';

export interface ChannelStateStatus {
  checkpointId: number;
  /** In-flight records persisted so far (input and output channels). */
  records: number;
  /** Input channels whose barrier is still to come (the snapshot records what arrives on them). */
  waitingFor: string[];
  /** The subtask took this checkpoint unaligned because the aligned-checkpoint timeout had passed. */
  afterTimeout: boolean;
  /** The upload finished; the checkpoint is not complete yet. */
  acknowledged: boolean;
}

export interface TaskStatus {
  task: string;
  /** Processing a record (operators with `processingMs`). */
  busy: boolean;
  /** An output queue is full: the subtask waits for credit. */
  backPressured: boolean;
  /** A source that stopped reading because its output is full. */
  stoppedReading: boolean;
  aligning: { checkpointId: number; arrived: number; of: number; timeoutInMs: number | null } | null;
  /** A barrier waits in the input queue while the aligned-checkpoint timeout runs. */
  timeoutPending: { checkpointId: number; inMs: number } | null;
  held: number;
  channelState: ChannelStateStatus[];
  uploading: number[];
  transactions: { open: number; preCommitted: number } | null;
}

type TransactionCounts = NonNullable<TaskStatus['transactions']>;
const countsByList = new WeakMap<readonly unknown[], Map<string, TransactionCounts>>();

/**
 * Open and pre-committed transactions per sink subtask, counted in one pass over the run's
 * transactions and kept per list: the list holds every transaction of the run (8,000 late in the
 * scale run), and filtering it once per sink subtask at every render was a fifth of a far seek's
 * landing render. Kept only for a frozen list (the views' states): a live one may still change.
 */
function transactionCounts(output: EngineState['job']['output']): Map<string, TransactionCounts> {
  const all = transactionsOf(output);
  let counts = countsByList.get(all);
  if (!counts) {
    counts = new Map();
    for (const t of all) {
      if (t.status !== 'open' && t.status !== 'pre-committed') continue;
      const c = counts.get(t.task) ?? { open: 0, preCommitted: 0 };
      if (t.status === 'open') c.open++;
      else c.preCommitted++;
      counts.set(t.task, c);
    }
    if (Object.isFrozen(all)) countsByList.set(all, counts);
  }
  return counts;
}

function entryCount(list: { count: number }[] | undefined): number {
  return (list ?? []).reduce((n, e) => n + e.count, 0);
}

export function taskStatus(state: EngineState, task: string): TaskStatus {
  const { job, scenario, coordinator } = state;
  const cfg = scenario.checkpointing;
  const cp = job.checkpointing[task];
  const flow = job.flow[task];
  const capacity = scenario.job.channelCapacity;
  const timeoutOn = cfg.unaligned && cfg.mode === 'exactly_once' && cfg.alignedCheckpointTimeoutMs > 0;
  const remaining = (triggerMs: number) => Math.max(0, triggerMs + cfg.alignedCheckpointTimeoutMs - state.nowMs);

  const aligning = cp?.aligning
    ? {
        checkpointId: cp.aligning.checkpointId,
        arrived: cp.aligning.arrived.length,
        of: job.topology.inputs[task]?.length ?? 0,
        timeoutInMs: timeoutOn && !cp.aligning.isSavepoint ? remaining(cp.aligning.triggerMs) : null,
      }
    : null;
  const queuedBarrier = flow?.queue.find((e) => e.kind === 'barrier');
  const timeoutPending =
    timeoutOn && !aligning && queuedBarrier && queuedBarrier.kind === 'barrier' && !queuedBarrier.isSavepoint && flow?.timeoutFor === queuedBarrier.checkpointId
      ? { checkpointId: queuedBarrier.checkpointId, inMs: remaining(queuedBarrier.triggerMs) }
      : null;

  const channelState: ChannelStateStatus[] = [];
  for (const r of cp?.running ?? []) {
    const cs = r.channelState;
    if (!cs) continue;
    const records = [...cs.input, ...cs.output].reduce((n, c) => n + c.records.length, 0);
    channelState.push({ checkpointId: r.checkpointId, records, waitingFor: [...cs.waitingFor], afterTimeout: timeoutOn, acknowledged: false });
  }
  // After the upload the records are in the acknowledgement, until the checkpoint completes.
  for (const p of coordinator.pending) {
    const ch = acknowledgement(state, task, p.id)?.state.channel;
    if (!ch || channelState.some((c) => c.checkpointId === p.id)) continue;
    channelState.push({ checkpointId: p.id, records: entryCount(ch.input) + entryCount(ch.output), waitingFor: [], afterTimeout: timeoutOn, acknowledged: true });
  }

  const outputs = job.topology.outputs[task] ?? [];
  const backPressured = outputs.some((to) => (job.channels[`${task}->${to}`]?.outQueue.length ?? 0) >= capacity);

  let transactions: TaskStatus['transactions'] = null;
  if (job.sinks[task] && scenario.job.sink.kind === 'transactional') {
    const c = transactionCounts(job.output).get(task);
    transactions = { open: c?.open ?? 0, preCommitted: c?.preCommitted ?? 0 };
  }

  return {
    task,
    busy: !!flow?.busy,
    backPressured,
    stoppedReading: !!job.sources[task] && (flow?.waitingSources.length ?? 0) > 0,
    aligning,
    timeoutPending,
    // Records waiting at this task behind an aligned barrier that blocked one of its output channels.
    held: (job.topology.outputs[task] ?? []).reduce((n, to) => {
      const ch = job.channels[`${task}->${to}`];
      return n + (ch?.blockedBy != null ? ch.outQueue.filter((e) => e.kind === 'record').length : 0);
    }, 0),
    channelState,
    uploading: (cp?.running ?? []).filter((r) => !r.channelState || r.channelState.waitingFor.length === 0).map((r) => r.checkpointId),
    transactions,
  };
}
