/**
 * Session claims as Web Locks, one lock per session id. A claimed lock is held for the life of
 * the page: the browser releases it when the page goes away (closed, reloaded, navigated, crashed,
 * discarded), which is exactly when the tab stops writing. `ifAvailable` makes every request
 * answer at once instead of queueing behind the owner.
 */
import type { SessionClaimer } from './tabSession';

/** The lock that stands for "a tab is using this session". */
export function sessionLockName(sessionId: string): string {
  return `checkpoint-lab.session.${sessionId}`;
}

/** The slice of the LockManager used here (a fake one in unit tests). */
export type LockRequester = Pick<LockManager, 'request'>;

export interface WebLockClaimer extends SessionClaimer {
  /** Lets go of every claim. Only for tests: the app keeps its claim until the page is gone. */
  releaseAll: () => void;
}

export function webLockClaimer(locks: LockRequester): WebLockClaimer {
  const releases: (() => void)[] = [];
  return {
    tryClaim: (sessionId) =>
      new Promise<boolean>((resolve, reject) => {
        locks
          .request(sessionLockName(sessionId), { ifAvailable: true }, (lock) => {
            resolve(lock !== null);
            // Returning a promise that settles only on releaseAll keeps the lock for the page's life.
            return lock ? new Promise<void>((release) => releases.push(release)) : undefined;
          })
          .catch(reject);
      }),
    // `await` because lib.dom types an async callback's result as Promise<Promise<…>>.
    ifAbandoned: async (sessionId, fn) =>
      await locks.request(sessionLockName(sessionId), { ifAvailable: true }, async (lock) => {
        if (!lock) return false;
        // Held while `fn` runs: a tab opening this session meanwhile is refused and takes a new one.
        await fn();
        return true;
      }),
    releaseAll: () => {
      for (const release of releases.splice(0)) release();
    },
  };
}
