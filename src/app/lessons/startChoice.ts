/**
 * Whether this browser has chosen between the lessons and the free simulator: a first visit
 * lands on the lesson picker, later visits open as the learner left the app. `?simulator` in the
 * address skips the picker (links into the simulator; the e2e tests' way through).
 */
const KEY = 'checkpoint-lab.start';

export function rememberStartChoice(): void {
  try {
    localStorage.setItem(KEY, 'chosen');
  } catch {
    // Storage blocked: the picker simply shows again next time.
  }
}

export function hasStartChoice(): boolean {
  try {
    return localStorage.getItem(KEY) !== null;
  } catch {
    return false;
  }
}

/** What the address asks for at startup. */
export function startupRequest(location: Pick<Location, 'search' | 'hash'>): { kind: 'lesson'; id: string; stop: number } | { kind: 'simulator' } | { kind: 'first-visit' } {
  const params = new URLSearchParams(location.search);
  const id = params.get('lesson');
  if (id !== null) {
    const n = Number(params.get('stop') ?? '1');
    return { kind: 'lesson', id, stop: Number.isInteger(n) && n >= 1 ? n - 1 : 0 };
  }
  if (params.has('simulator') || location.hash.startsWith('#scenario=') || hasStartChoice()) return { kind: 'simulator' };
  return { kind: 'first-visit' };
}
