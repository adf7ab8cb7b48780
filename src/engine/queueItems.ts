/**
 * The work items that wait in the event queue. Each step takes exactly one off the queue and
 * runs its handler (see handlers.ts). Items are plain data so that they survive snapshots.
 */
export type QueueItem =
  | { kind: 'sim.start' }
  /** Action number `index` of the scenario script is due. */
  | { kind: 'script.action'; index: number }
  /** A generator source subtask reads its next record. */
  | { kind: 'source.tick'; task: string }
  /** A script source subtask reads the next record of its log. */
  | { kind: 'source.readLog'; task: string }
  /** A record arrives at a subtask. */
  | { kind: 'record.arrive'; task: string; key: string | number; keyGroup: number; value: number; from: string };

export type QueueItemKind = QueueItem['kind'];
export type QueueItemOf<K extends QueueItemKind> = Extract<QueueItem, { kind: K }>;
