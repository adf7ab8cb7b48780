/**
 * At parallelism 16 a keyBy alone has 256 channels; drawn one by one (a line, two lanes and their
 * tooltips each) they take thousands of SVG nodes per frame, most of them for channels with
 * nothing in them. Past `IDLE_CHANNEL_THRESHOLD` channels, the idle ones are summarized as one
 * path of plain wires; a channel that holds, carries or blocks anything is drawn in full.
 */
import type { ChannelView } from './channelBuffers';

/** More channels than this (parallelism 10 all-to-all): idle ones are drawn as one path. */
export const IDLE_CHANNEL_THRESHOLD = 100;

export function isIdle(ch: ChannelView): boolean {
  return (
    ch.creditUsed === 0 &&
    ch.inTransit === 0 &&
    ch.outQueue.length === 0 &&
    ch.inQueue.length === 0 &&
    ch.wire.length === 0 &&
    !ch.outFull &&
    ch.blockedBy === null &&
    ch.aligningBy === null
  );
}

/**
 * The channels to draw in full, and the idle ones to draw as plain wires (none in a small job).
 * `jobChannels` counts the job's channels, drawn or not: a big job's grouped columns draw a share
 * of them (channelViewsFor), and it is still a big job.
 */
export function splitIdleChannels(channels: readonly ChannelView[], jobChannels = channels.length, threshold = IDLE_CHANNEL_THRESHOLD): { full: readonly ChannelView[]; idle: readonly ChannelView[] } {
  if (jobChannels <= threshold) return { full: channels, idle: [] };
  const full: ChannelView[] = [];
  const idle: ChannelView[] = [];
  for (const ch of channels) (isIdle(ch) ? idle : full).push(ch);
  return { full, idle };
}
