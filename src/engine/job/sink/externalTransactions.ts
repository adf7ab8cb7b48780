/**
 * The external system the sinks write to (think of a Kafka topic with transactions), modelled
 * in `job.output` because it lives outside Flink and survives every restart. A transactional
 * sink writes into a transaction that stays invisible until it is committed; a plain sink's
 * records are visible at once. `seen` counts how often each record (by its origin) became
 * visible, as runs of offsets per input stream (seenRuns.ts), so a record made visible twice is a
 * duplicate downstream.
 */
import type { SinkOutput } from '../jobState';
import { sealPlain } from '../../core/plainData';
import { addOrigin } from './seenRuns';

/** Where a transaction is in its life (Kafka: ongoing, prepared by a flush, committed, aborted). */
export type TransactionStatus = 'open' | 'pre-committed' | 'committed' | 'aborted';

/**
 * Who ended a transaction: `commit` (`notifyCheckpointComplete`), `recoverAndCommit` (a restored
 * sink found it in its state), `close` (the task was cancelled with it open), `recoverAndAbort`
 * (a restored sink found it as the transaction opened after the checkpoint), `lingering` (a
 * starting sink aborted a transaction no restored state knows, as `FlinkKafkaProducer` does).
 */
export type TransactionEnd = 'commit' | 'recoverAndCommit' | 'close' | 'recoverAndAbort' | 'lingering';

/** A record as the sink wrote it, with the origin that identifies it in the input (`p<i>:g<offset>`). */
export interface SinkOutputRecord {
  origin: string;
  key: string | number;
  value: number;
}

/** What the sink's operator state keeps of a transaction (Flink's `TransactionHolder.handle`). */
export interface TransactionRef {
  /** Transactional id, unique in the external system: `tx-<n>`. */
  id: string;
  /** The job that began it: a job resubmitted from a retained checkpoint has another JobID. */
  jobId: string;
}

/**
 * An ended transaction's records, packed as text (`[origin, key, value]` triples in JSON): they
 * never change again and nothing reads them one by one (a commit made them visible through
 * `seen`). A big run ends about a million of them (the scale run): one object each, with its
 * origin string and number, was most of the live heap of the recording worker and of every state
 * the page decoded, and made each full collection there take hundreds of milliseconds.
 */
export interface PackedRecords {
  count: number;
  text: string;
}

export interface ExternalTransaction extends TransactionRef {
  /** The sink subtask that began it, and that subtask's restart count. */
  task: string;
  attempt: number;
  status: TransactionStatus;
  /** The checkpoint (or savepoint) whose barrier pre-committed it; null while open. */
  checkpointId: number | null;
  /** The records written into it: an array while it is open or pre-committed, packed once it ended (`recordsOf` reads either). */
  records: SinkOutputRecord[] | PackedRecords;
  openedAtMs: number;
  preCommittedAtMs: number | null;
  endedAtMs: number | null;
  endedBy: TransactionEnd | null;
}

/** Every transaction the sinks have begun, oldest first (empty for a plain sink). */
export function transactionsOf(output: Readonly<SinkOutput>): readonly ExternalTransaction[] {
  return output.transactions ?? [];
}

/** Begins a new transaction in the external system and returns it. */
export function beginExternalTransaction(output: SinkOutput, jobId: string, task: string, attempt: number, nowMs: number): ExternalTransaction {
  const all = (output.transactions ??= []);
  const txn: ExternalTransaction = {
    id: `tx-${all.length + 1}`,
    jobId,
    task,
    attempt,
    status: 'open',
    checkpointId: null,
    records: [],
    openedAtMs: nowMs,
    preCommittedAtMs: null,
    endedAtMs: null,
    endedBy: null,
  };
  all.push(txn);
  return txn;
}

/** The transaction a sink's state refers to, or undefined when the external system never saw it. */
export function findTransaction(output: SinkOutput, ref: TransactionRef): ExternalTransaction | undefined {
  const n = Number(ref.id.slice('tx-'.length));
  const txn = output.transactions?.[n - 1];
  return txn && txn.id === ref.id && txn.jobId === ref.jobId ? txn : undefined;
}

/** How many records `txn` holds (or held when it ended). */
export function recordCountOf(txn: Readonly<ExternalTransaction>): number {
  return Array.isArray(txn.records) ? txn.records.length : (txn.records as PackedRecords).count;
}

/** The records of `txn`, in the order written (unpacked anew for an ended transaction). */
export function recordsOf(txn: Readonly<ExternalTransaction>): readonly SinkOutputRecord[] {
  if (Array.isArray(txn.records)) return txn.records;
  const triples = JSON.parse((txn.records as PackedRecords).text) as [string, string | number, number][];
  return triples.map(([origin, key, value]) => ({ origin, key, value }));
}

/** The records of a transaction still being written (open); throws for an ended one. */
export function openRecords(txn: ExternalTransaction): SinkOutputRecord[] {
  if (!Array.isArray(txn.records)) throw new Error(`Transaction ${txn.id} has ended (${txn.status}): its records are packed`);
  return txn.records;
}

function packRecords(records: readonly SinkOutputRecord[]): PackedRecords {
  for (const r of records) if (!Number.isFinite(r.value)) throw new Error(`Sink record ${r.origin}: value ${r.value} is not a finite number`);
  return { count: records.length, text: JSON.stringify(records.map((r) => [r.origin, r.key, r.value])) };
}

/** Makes records visible downstream; returns how many of them had been visible before (duplicates). */
export function makeVisible(output: SinkOutput, records: readonly SinkOutputRecord[]): number {
  let duplicates = 0;
  for (const r of records) {
    const seen = addOrigin(output.seen, r.origin);
    output.emitted += 1;
    if (seen > 1) duplicates += 1;
  }
  output.duplicates += duplicates;
  return duplicates;
}

/** Ends a transaction: a commit makes its records visible, an abort discards them. Returns the duplicates a commit made. */
export function endTransaction(output: SinkOutput, txn: ExternalTransaction, how: TransactionEnd, nowMs: number): number {
  const commit = how === 'commit' || how === 'recoverAndCommit';
  txn.status = commit ? 'committed' : 'aborted';
  txn.endedAtMs = nowMs;
  txn.endedBy = how;
  const records = openRecords(txn);
  const duplicates = commit ? makeVisible(output, records) : 0;
  // An ended transaction never changes again: packed and sealed, keyframes and seeks share it.
  txn.records = packRecords(records);
  sealPlain(txn);
  return duplicates;
}
