/**
 * Which session this tab reads and writes. Every tab of the origin shares one IndexedDB database
 * and a session's records are keyed by its id, so two tabs on the same session would destroy
 * each other's work: each reconciles the session to ITS model, deleting the other's files and
 * overwriting its cursor. So a session belongs to one tab at a time:
 *
 * - the saved session (`default`) goes to the first tab that asks, for that tab's whole life;
 * - a tab that finds it taken gets a session of its own (`tab-<random>`), and never touches
 *   `default`. Its id is remembered in sessionStorage (per tab, survives a reload), so reloading
 *   that tab finds its own work again while the other tab still holds `default`;
 * - when the owning tab closes, the browser drops its claim, and the next tab to load (or a
 *   reload of a separate tab) takes `default` over.
 *
 * Claims are Web Locks (sessionLocks.ts): the browser releases them when the page goes away,
 * even on a crash. Where there are none, a BroadcastChannel presence check stands in
 * (sessionPresence.ts says why and how it is weaker). With neither, the tab uses `default` as
 * if alone and says it could not check.
 */
import { SESSION_ID, type SessionStatus } from '../store/persistenceSlice';
import { webLockClaimer } from './sessionLocks';
import { presenceClaimer } from './sessionPresence';

/** What a tab knows about its session. */
export interface TabSession {
  sessionId: string;
  status: SessionStatus;
  /**
   * Runs `fn` while holding the claim on `sessionId` if no tab holds it, and resolves true; false
   * when some tab holds it or when that cannot be known for sure (then nothing may touch it).
   */
  ifAbandoned: (sessionId: string, fn: () => Promise<void>) => Promise<boolean>;
}

/** A way to claim sessions among the tabs of the origin. */
export interface SessionClaimer {
  /** Claims `sessionId` for the rest of this page's life if no other tab holds it. */
  tryClaim: (sessionId: string) => Promise<boolean>;
  ifAbandoned: TabSession['ifAbandoned'];
}

/** The sessionStorage key of a separate tab's own session id. */
export const TAB_SESSION_KEY = 'checkpoint-lab.tabSession';

const TAB_SESSION = /^tab-[0-9a-f-]{16,40}$/;

/** True for the id of a separate tab's session (never for the saved session). */
export function isTabSessionId(id: string): boolean {
  return TAB_SESSION.test(id);
}

/** A new id for a separate tab's session. */
export function newTabSessionId(): string {
  // randomUUID exists only in secure contexts; getRandomValues everywhere (the fallback path may run on plain http).
  if (typeof crypto.randomUUID === 'function') return `tab-${crypto.randomUUID()}`;
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `tab-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** The slice of sessionStorage this needs (absent when storage is blocked). */
export type TabMemory = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const alone = (): TabSession => ({
  sessionId: SESSION_ID,
  status: 'unchecked',
  ifAbandoned: () => Promise.resolve(false),
});

/** Claims the saved session, else this tab's remembered one, else a new one. Never rejects. */
export async function chooseTabSession(
  claimer: SessionClaimer | null,
  memory: TabMemory | null,
): Promise<TabSession> {
  if (!claimer) return alone();
  const ifAbandoned = claimer.ifAbandoned;
  try {
    if (await claimer.tryClaim(SESSION_ID)) {
      // This tab continues the saved session; its old own session (if any) is left to be cleaned up.
      forget(memory);
      return { sessionId: SESSION_ID, status: 'owner', ifAbandoned };
    }
    const remembered = recall(memory);
    if (remembered && (await claimer.tryClaim(remembered)))
      return { sessionId: remembered, status: 'separate', ifAbandoned };
    // A fresh random id is held by no one; claiming it marks it as in use for the cleanup of abandoned sessions.
    const fresh = newTabSessionId();
    await claimer.tryClaim(fresh);
    remember(memory, fresh);
    return { sessionId: fresh, status: 'separate', ifAbandoned };
  } catch (e) {
    // A lock manager that throws (e.g. in an opaque-origin sandbox) cannot guard anything.
    console.warn('Checkpoint Lab: could not check other tabs', e);
    return alone();
  }
}

function recall(memory: TabMemory | null): string | null {
  try {
    const id = memory?.getItem(TAB_SESSION_KEY) ?? null;
    return id !== null && isTabSessionId(id) ? id : null;
  } catch {
    return null;
  }
}

function remember(memory: TabMemory | null, id: string): void {
  try {
    memory?.setItem(TAB_SESSION_KEY, id);
  } catch {
    // Storage blocked or full: a reload of this tab then starts another session, nothing worse.
  }
}

function forget(memory: TabMemory | null): void {
  try {
    memory?.removeItem(TAB_SESSION_KEY);
  } catch {
    // As above.
  }
}

/** Web Locks if the browser offers them here, else the BroadcastChannel stand-in, else nothing. */
function defaultClaimer(): SessionClaimer | null {
  // Web Locks exist only in secure contexts (https, localhost), and not in Safari before 15.4.
  if (typeof navigator !== 'undefined' && navigator.locks) return webLockClaimer(navigator.locks);
  if (typeof BroadcastChannel === 'function')
    return presenceClaimer(new BroadcastChannel(PRESENCE_CHANNEL));
  return null;
}

/** The BroadcastChannel the presence stand-in talks on. */
export const PRESENCE_CHANNEL = 'checkpoint-lab.sessions';

function tabMemory(): TabMemory | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

let claimed: Promise<TabSession> | null = null;

/**
 * This page's session, claimed once and held for the page's whole life. Once, because React's
 * StrictMode mounts the app twice in development: a second claim would find the first one's
 * lock and send the page to a session of its own.
 */
export function claimTabSession(): Promise<TabSession> {
  claimed ??= chooseTabSession(defaultClaimer(), tabMemory());
  return claimed;
}
