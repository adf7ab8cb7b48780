/**
 * Runs work in a task of its own right after the current one (a MessageChannel message: no
 * timer clamp), so a frame's task does not also pay for it. Used while a big run plays fast: the
 * job graph's layer of moving items is drawn after the frame that rendered the graph.
 */
const channel = typeof MessageChannel === 'undefined' ? null : new MessageChannel();
const queue: (() => void)[] = [];
if (channel) channel.port1.onmessage = () => queue.shift()?.();

/** Schedules `work`; returns a cancel that drops it if it has not run yet. */
export function afterThisTask(work: () => void): () => void {
  let cancelled = false;
  const run = () => {
    if (!cancelled) work();
  };
  if (!channel) {
    const id = setTimeout(run, 0);
    return () => clearTimeout(id);
  }
  queue.push(run);
  channel.port2.postMessage(null);
  return () => {
    cancelled = true;
  };
}
