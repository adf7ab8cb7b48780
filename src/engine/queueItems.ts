/**
 * The work items that wait in the event queue. Each step takes exactly one off the queue and
 * runs its handler (see handlers.ts). Items are plain data so that they survive snapshots.
 */
export type QueueItem =
  | { kind: 'sim.start' }
  | { kind: 'toy.emit' }
  | { kind: 'toy.deliver'; value: number };

export type QueueItemKind = QueueItem['kind'];
export type QueueItemOf<K extends QueueItemKind> = Extract<QueueItem, { kind: K }>;
