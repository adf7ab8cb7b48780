// Which session a tab gets, without a browser: Web Locks through a small fake lock manager (Node
// has none), the BroadcastChannel stand-in through Node's real BroadcastChannel.
import { afterEach, describe, expect, it } from 'vitest';
import { webLockClaimer, type LockRequester } from './sessionLocks';
import { presenceClaimer, type PresenceClaimer } from './sessionPresence';
import {
  TAB_SESSION_KEY,
  chooseTabSession,
  isTabSessionId,
  type SessionClaimer,
  type TabMemory,
} from './tabSession';

/** Exclusive locks by name with `ifAvailable`, like navigator.locks for one origin. */
function fakeLocks(): LockRequester {
  const held = new Set<string>();
  const request = (
    name: string,
    _options: LockOptions,
    callback: (lock: Lock | null) => unknown,
  ) => {
    if (held.has(name)) return Promise.resolve().then(() => callback(null));
    held.add(name);
    const lock = { name, mode: 'exclusive' } as Lock;
    return Promise.resolve()
      .then(() => callback(lock))
      .finally(() => held.delete(name));
  };
  return { request } as unknown as LockRequester;
}

/** Lets a released lock go (the browser, like the fake, releases asynchronously). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** sessionStorage of one tab (kept across its reloads). */
function tabMemory(): TabMemory & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

/** A duplicated tab: the browser copies sessionStorage into it. */
function cloneMemory(m: ReturnType<typeof tabMemory>): TabMemory {
  const copy = tabMemory();
  for (const [k, v] of m.data) copy.data.set(k, v);
  return copy;
}

describe('choosing a tab session with Web Locks', () => {
  it('gives the saved session to the first tab and a remembered one of its own to the second', async () => {
    const locks = fakeLocks();
    const first = await chooseTabSession(webLockClaimer(locks), tabMemory());
    expect(first).toMatchObject({ sessionId: 'default', status: 'owner' });
    const memory = tabMemory();
    const second = await chooseTabSession(webLockClaimer(locks), memory);
    expect(second.status).toBe('separate');
    expect(isTabSessionId(second.sessionId)).toBe(true);
    expect(memory.data.get(TAB_SESSION_KEY)).toBe(second.sessionId);
    // A duplicated tab copies sessionStorage, but the id is held: it gets yet another session.
    const duplicate = await chooseTabSession(webLockClaimer(locks), cloneMemory(memory));
    expect(duplicate.status).toBe('separate');
    expect(duplicate.sessionId).not.toBe(second.sessionId);
  });

  it('a reloaded separate tab finds its own session again while the other tab keeps the saved one', async () => {
    const locks = fakeLocks();
    await chooseTabSession(webLockClaimer(locks), tabMemory());
    const memory = tabMemory();
    const before = webLockClaimer(locks);
    const own = await chooseTabSession(before, memory);
    before.releaseAll(); // the reload
    await settle();
    const after = await chooseTabSession(webLockClaimer(locks), memory);
    expect(after).toMatchObject({ sessionId: own.sessionId, status: 'separate' });
  });

  it('takes the saved session over once its owner is gone, and forgets its own', async () => {
    const locks = fakeLocks();
    const owner = webLockClaimer(locks);
    await chooseTabSession(owner, tabMemory());
    const memory = tabMemory();
    const separate = webLockClaimer(locks);
    await chooseTabSession(separate, memory);
    owner.releaseAll(); // the owning tab closes
    separate.releaseAll(); // the separate tab reloads
    await settle();
    const reloaded = await chooseTabSession(webLockClaimer(locks), memory);
    expect(reloaded).toMatchObject({ sessionId: 'default', status: 'owner' });
    expect(memory.data.has(TAB_SESSION_KEY)).toBe(false);
  });

  it('ifAbandoned runs only for a session no tab holds, and holds it meanwhile', async () => {
    const locks = fakeLocks();
    const a = webLockClaimer(locks);
    const mine = await chooseTabSession(a, tabMemory());
    const b = webLockClaimer(locks);
    const other = await chooseTabSession(b, tabMemory());
    let ran = 0;
    expect(await mine.ifAbandoned(other.sessionId, async () => void ran++)).toBe(false);
    b.releaseAll();
    await settle();
    let claimedMeanwhile: boolean | null = null;
    const gone = await mine.ifAbandoned(other.sessionId, async () => {
      ran++;
      claimedMeanwhile = await webLockClaimer(locks).tryClaim(other.sessionId);
    });
    expect(gone).toBe(true);
    expect(ran).toBe(1);
    expect(claimedMeanwhile).toBe(false);
  });

  it('without any way to ask other tabs, uses the saved session and says it could not check', async () => {
    const alone = await chooseTabSession(null, tabMemory());
    expect(alone).toMatchObject({ sessionId: 'default', status: 'unchecked' });
    expect(await alone.ifAbandoned('tab-0123456789abcdef', async () => undefined)).toBe(false);
    const broken: SessionClaimer = {
      tryClaim: () => Promise.reject(new DOMException('no locks here', 'SecurityError')),
      ifAbandoned: () => Promise.resolve(true),
    };
    const warn = console.warn;
    console.warn = () => undefined;
    try {
      expect(await chooseTabSession(broken, tabMemory())).toMatchObject({ status: 'unchecked' });
    } finally {
      console.warn = warn;
    }
  });
});

describe('choosing a tab session with the BroadcastChannel stand-in', () => {
  const open: PresenceClaimer[] = [];
  let channelName = '';
  const claimer = (): PresenceClaimer => {
    // The app's own wait: shorter ones lose messages when the machine is busy, which is this path's known weakness.
    const c = presenceClaimer(new BroadcastChannel(channelName), 300);
    open.push(c);
    return c;
  };
  afterEach(() => {
    for (const c of open.splice(0)) c.close();
  });

  it('the owner answers, so a later tab takes a session of its own', async () => {
    channelName = `presence-${Math.random()}`;
    const first = await chooseTabSession(claimer(), tabMemory());
    const second = await chooseTabSession(claimer(), tabMemory());
    expect(first).toMatchObject({ sessionId: 'default', status: 'owner' });
    expect(second.status).toBe('separate');
    // A silent tab may be asleep, not gone: this path never declares a session abandoned.
    expect(await first.ifAbandoned(second.sessionId, async () => undefined)).toBe(false);
  });

  it('two tabs asking at once: exactly one gets the saved session', async () => {
    channelName = `presence-${Math.random()}`;
    const tabs = await Promise.all([0, 1, 2].map(() => chooseTabSession(claimer(), tabMemory())));
    expect(tabs.filter((t) => t.sessionId === 'default')).toHaveLength(1);
    expect(new Set(tabs.map((t) => t.sessionId)).size).toBe(3);
  });

  it('once the owner is gone, the next tab takes the saved session', async () => {
    channelName = `presence-${Math.random()}`;
    const owner = claimer();
    await chooseTabSession(owner, tabMemory());
    owner.close();
    await settle();
    expect(await chooseTabSession(claimer(), tabMemory())).toMatchObject({
      sessionId: 'default',
      status: 'owner',
    });
  });
});
