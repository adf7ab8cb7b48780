/** Finds the event a selector names in a recorded run: the `nth` match, or the only one. */
import type { EngineEvent } from '../engine';
import type { Selector } from './lessonSchema';

export type AnchorResult = { ok: true; event: EngineEvent; matches: number } | { ok: false; why: 'none' | 'ambiguous' | 'too-few'; matches: number };

export function matchesWhere(e: EngineEvent, where: Readonly<Record<string, unknown>> | undefined): boolean {
  if (!where) return true;
  const fields = e as unknown as Record<string, unknown>;
  return Object.entries(where).every(([k, want]) => Object.prototype.hasOwnProperty.call(fields, k) && fields[k] === want);
}

export function matching(events: readonly EngineEvent[], sel: Pick<Selector, 'event' | 'where'>): EngineEvent[] {
  return events.filter((e) => e.type === sel.event && matchesWhere(e, sel.where));
}

export function findAnchor(events: readonly EngineEvent[], sel: Selector): AnchorResult {
  const found = matching(events, sel);
  if (found.length === 0) return { ok: false, why: 'none', matches: 0 };
  if (sel.nth === undefined) return found.length === 1 ? { ok: true, event: found[0]!, matches: 1 } : { ok: false, why: 'ambiguous', matches: found.length };
  return sel.nth <= found.length ? { ok: true, event: found[sel.nth - 1]!, matches: found.length } : { ok: false, why: 'too-few', matches: found.length };
}

/** The selector as one line, for messages: `checkpoint.completed where checkpointId=3 nth 1`. */
export function describeSelector(sel: Selector): string {
  const where = sel.where && Object.keys(sel.where).length ? ` where ${Object.entries(sel.where).map(([k, x]) => `${k}=${JSON.stringify(x)}`).join(' ')}` : '';
  return `${sel.event}${where}${sel.nth !== undefined ? ` nth ${sel.nth}` : ''}`;
}
