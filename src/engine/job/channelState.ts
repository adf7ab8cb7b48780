/**
 * Network channels and task inputs as plain data (Flink's credit-based flow control,
 * `RemoteInputChannel` / `ResultSubpartition` / `CreditBasedPartitionRequestClientHandler`).
 * A channel from subtask A to subtask B holds at most `job.channelCapacity` records between
 * A's output and B's processing (on the wire, queued at B, or held back by alignment): that is
 * B's credit. When no credit is left, A's records wait in A's output queue; when that queue is
 * full A stops (a source stops reading): back-pressure moves upstream. A subtask processes its
 * queued input one record at a time, `processingMs` per record.
 */
import type { SavepointFormatType } from '../format/savepointFormat';

/** A record as it travels between subtasks. */
export interface ChannelRecord {
  key: string | number;
  keyGroup: number;
  value: number;
  origin: string;
}

/** A checkpoint barrier as it travels between subtasks. */
export interface ChannelBarrier {
  checkpointId: number;
  isSavepoint: boolean;
  triggerMs: number;
  /** A savepoint's format (Flink's barrier carries its `CheckpointOptions`). */
  savepointFormat?: SavepointFormatType;
}

/** Flink's `CancelCheckpointMarker`: an event that travels in order with the records of its channel. */
export interface ChannelCancelMarker {
  checkpointId: number;
}

export type OutputElement = ({ kind: 'record' } & ChannelRecord) | ({ kind: 'barrier'; /** A priority barrier waiting only because the subpartition is blocked. */ priority?: boolean } & ChannelBarrier) | ({ kind: 'cancel' } & ChannelCancelMarker);

/** The sender side of a channel: what waits for credit, and what is on the wire. */
export interface ChannelOutState {
  from: string;
  to: string;
  /** Elements waiting at the sender (no credit), in order (`ResultSubpartition` buffers). */
  outQueue: OutputElement[];
  /** Records on the wire (sent, not yet arrived). */
  inTransit: number;
  /**
   * The aligned barrier that blocked this subpartition when it left (`PipelinedSubpartition.isBlocked`):
   * nothing more leaves until the receiver resumes consumption after its alignment.
   */
  blockedBy?: number | null;
}

/** An element queued at the receiver (`InputChannel` buffers), in arrival order. */
export type QueuedInput = { from: string } & OutputElement;

/** The receiving side of a subtask: queued input and whether it is busy with a record. */
export interface TaskFlowState {
  queue: QueuedInput[];
  /** Processing a record until a `task.process` item frees it. */
  busy: boolean;
  /** A source partition (or script log) that stopped reading because its outputs are back-pressured. */
  waitingSources: { partition: number; log: boolean }[];
  /** The last checkpoint whose aligned-checkpoint timeout timer is running here. */
  timeoutFor?: number;
}

/**
 * Keys handed out before, per sender: every record hop looks channels up (often 16 outputs per
 * record at parallelism 16), and an interned key is hashed once instead of built and hashed each
 * time. Pure strings of task names, so sharing them across simulations changes nothing.
 */
const KEYS = new Map<string, Map<string, string>>();

export function channelKey(from: string, to: string): string {
  let byTo = KEYS.get(from);
  if (byTo === undefined) KEYS.set(from, (byTo = new Map()));
  let key = byTo.get(to);
  if (key === undefined) byTo.set(to, (key = `${from}->${to}`));
  return key;
}
