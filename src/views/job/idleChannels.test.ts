import { describe, expect, it } from 'vitest';
import type { ChannelView } from './channelBuffers';
import { IDLE_CHANNEL_THRESHOLD, splitIdleChannels } from './idleChannels';

const idle = (i: number): ChannelView => ({
  key: `a#${i}->b#${i}`,
  from: `a#${i}`,
  to: `b#${i}`,
  capacity: 8,
  creditUsed: 0,
  inTransit: 0,
  outQueue: [],
  outFull: false,
  wire: [],
  inQueue: [],
  blockedBy: null,
  aligningBy: null,
});
const busy: ((c: ChannelView) => ChannelView)[] = [
  (c) => ({ ...c, creditUsed: 1, inTransit: 1, wire: [{ kind: 'record' }] as unknown as ChannelView['wire'] }),
  (c) => ({ ...c, outQueue: [{ kind: 'record' }] as unknown as ChannelView['outQueue'] }),
  (c) => ({ ...c, inQueue: [{ kind: 'barrier' }] as unknown as ChannelView['inQueue'] }),
  (c) => ({ ...c, blockedBy: 3 }),
  (c) => ({ ...c, aligningBy: 3 }),
];

describe('splitIdleChannels', () => {
  it('draws every channel of a small job in full, idle or not', () => {
    const small = [...Array(IDLE_CHANNEL_THRESHOLD).keys()].map(idle);
    expect(splitIdleChannels(small)).toEqual({ full: small, idle: [] });
  });

  it('in a big job, summarizes only channels with nothing queued, on the wire, blocked or aligning', () => {
    const channels = [...Array(272).keys()].map(idle);
    busy.forEach((make, i) => (channels[i * 50] = make(channels[i * 50]!)));
    const { full, idle: summarized } = splitIdleChannels(channels);
    expect(full.map((c) => c.key)).toEqual([0, 50, 100, 150, 200].map((i) => `a#${i}->b#${i}`));
    expect(summarized).toHaveLength(272 - busy.length);
  });

  it('counts the job’s channels, not those drawn: grouped columns of a big job draw few of them', () => {
    const drawn = [...Array(56).keys()].map(idle);
    drawn[3] = busy[0]!(drawn[3]!);
    const { full, idle: summarized } = splitIdleChannels(drawn, 272);
    expect(full.map((c) => c.key)).toEqual(['a#3->b#3']);
    expect(summarized).toHaveLength(55);
  });
});
