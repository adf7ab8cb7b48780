/**
 * Runs work in a task of its own right after the current one (a MessageChannel message: no
 * timer clamp), so a frame's task does not also pay for it. Used while a big run plays fast: the
 * job graph's layer of moving items is drawn after the frame that rendered the graph, and the
 * store moves paced panels in the task after a frame (timelineSlice.ts).
 *
 * The channel is made on first use, and under Node it holds the process open only while work is
 * queued: the store imports this module, and a port listening from the start kept Node scripts
 * that load the store (`npm run bench`'s scale run) from ever exiting.
 */
let channel: MessageChannel | null | undefined;
const queue: (() => void)[] = [];

function port(): MessageChannel | null {
  if (channel === undefined) {
    channel = typeof MessageChannel === 'undefined' ? null : new MessageChannel();
    if (channel) {
      const listening = channel.port1 as MessagePort & NodeRef;
      channel.port1.onmessage = () => {
        queue.shift()?.();
        if (queue.length === 0) listening.unref?.();
      };
    }
  }
  return channel;
}

/** Node's ports hold its event loop open while referenced (a browser's have neither method). */
interface NodeRef {
  ref?: () => void;
  unref?: () => void;
}

/** Schedules `work`; returns a cancel that drops it if it has not run yet. */
export function afterThisTask(work: () => void): () => void {
  let cancelled = false;
  const run = () => {
    if (!cancelled) work();
  };
  const c = port();
  if (!c) {
    const id = setTimeout(run, 0);
    return () => clearTimeout(id);
  }
  queue.push(run);
  (c.port1 as MessagePort & NodeRef).ref?.();
  c.port2.postMessage(null);
  return () => {
    cancelled = true;
  };
}
