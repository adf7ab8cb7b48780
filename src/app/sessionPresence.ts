/**
 * The stand-in for Web Locks where there are none. Web Locks exist only in secure contexts, so
 * the built app served over plain http from a LAN address has none (nor has Safari before 15.4),
 * while BroadcastChannel works there. A tab asks on the channel "does anyone own session X?" and
 * waits `waitMs`; the owner answers. Two tabs asking at once: the lower random ticket wins and
 * the other takes a session of its own. A channel hears only messages posted after it was made,
 * so a tab that hears a higher ticket repeats its own, or a tab that arrived later would never
 * hear that it lost.
 *
 * Weaker than a lock, which is why locks come first: a frozen or discarded tab cannot answer, so
 * a new tab may take a session whose owner is only asleep; a very busy machine may answer late.
 * And since a silent tab may be asleep rather than gone, this never reports a session abandoned:
 * sessions of closed tabs are not cleaned up on this path.
 */
import type { SessionClaimer } from './tabSession';

type PresenceMessage =
  { kind: 'probe'; sessionId: string; ticket: number } | { kind: 'owned'; sessionId: string };

/** The slice of BroadcastChannel used here. */
export type PresenceChannel = Pick<BroadcastChannel, 'postMessage' | 'close'> & {
  onmessage: ((event: MessageEvent) => void) | null;
};

export interface PresenceClaimer extends SessionClaimer {
  /** Stops answering (tests; the app answers for its whole life). */
  close: () => void;
}

function isPresenceMessage(v: unknown): v is PresenceMessage {
  if (typeof v !== 'object' || v === null) return false;
  const m = v as Record<string, unknown>;
  if (typeof m.sessionId !== 'string') return false;
  return m.kind === 'owned' || (m.kind === 'probe' && typeof m.ticket === 'number');
}

export function presenceClaimer(channel: PresenceChannel, waitMs = 300): PresenceClaimer {
  const owned = new Set<string>();
  /** Sessions this tab is asking about, with its ticket and whether it has lost. */
  const asking = new Map<string, { ticket: number; lost: boolean }>();
  channel.onmessage = (event) => {
    const m: unknown = event.data;
    if (!isPresenceMessage(m)) return;
    if (m.kind === 'probe' && owned.has(m.sessionId)) {
      post({ kind: 'owned', sessionId: m.sessionId });
      return;
    }
    const mine = asking.get(m.sessionId);
    if (!mine || mine.lost) return;
    // Someone owns it, or asks at the same time with a lower ticket (equal: both lose, which is safe).
    if (m.kind === 'owned' || m.ticket <= mine.ticket) mine.lost = true;
    else post({ kind: 'probe', sessionId: m.sessionId, ticket: mine.ticket });
  };
  function post(m: PresenceMessage): void {
    channel.postMessage(m);
  }
  return {
    tryClaim: async (sessionId) => {
      if (owned.has(sessionId)) return true;
      const mine = { ticket: Math.random(), lost: false };
      asking.set(sessionId, mine);
      post({ kind: 'probe', sessionId, ticket: mine.ticket });
      await new Promise((resolve) => setTimeout(resolve, waitMs));
      asking.delete(sessionId);
      if (mine.lost) return false;
      owned.add(sessionId);
      return true;
    },
    ifAbandoned: () => Promise.resolve(false),
    close: () => {
      channel.onmessage = null;
      channel.close();
    },
  };
}
