/**
 * The badges under a subtask of the job graph, most important first, and how many fit the room
 * under the subtask. Widths are estimated from the characters (SVG text cannot be measured
 * before it is drawn), generously, so a pill never runs into its neighbor's.
 */
import type { MessageKey } from '../../i18n/messages';
import type { TaskStatus } from './taskStatus';

export type PillTone = 'danger' | 'barrier' | 'persist' | 'info' | 'sink';

export interface Pill {
  key: MessageKey;
  params: Record<string, string | number>;
  tone: PillTone;
  /** The checkpoint a channel-state pill belongs to (drawn in its color). */
  checkpointId?: number;
  testId?: string;
  title?: { key: MessageKey; params: Record<string, string | number> };
  /** Channel state still recording: the upstream subtasks whose barrier is still to come. */
  waitingFor?: string[];
}

/**
 * Every badge of a subtask, most important first. Sink transactions go here in compact layouts
 * only; an upload of the checkpoint already tagged on the box (✓ n) needs no badge.
 */
export function statusPills(s: TaskStatus, opts: { transactions: boolean; snapshotTagged?: number | null }): Pill[] {
  const pills: Pill[] = [];
  const bpTitle = { key: 'jgBackPressuredTitle' as const, params: {} };
  if (s.stoppedReading) pills.push({ key: 'jgStoppedReading', params: {}, tone: 'danger', testId: 'backpressure-marker', title: { key: 'jgStoppedReadingTitle', params: {} } });
  else if (s.backPressured) pills.push({ key: 'jgBackPressured', params: {}, tone: 'danger', testId: 'backpressure-marker', title: bpTitle });
  if (s.aligning) pills.push({ key: 'jgAligning', params: { id: s.aligning.checkpointId, arrived: s.aligning.arrived, of: s.aligning.of }, tone: 'barrier', testId: 'aligning-marker' });
  const timeout = s.aligning?.timeoutInMs ?? s.timeoutPending?.inMs ?? null;
  if (timeout !== null) pills.push({ key: 'jgTimeoutIn', params: { ms: timeout }, tone: 'barrier', testId: 'timeout-countdown' });
  for (const c of s.channelState) {
    if (c.afterTimeout) pills.push({ key: 'jgSwitched', params: { id: c.checkpointId }, tone: 'barrier', testId: 'timeout-switch' });
    pills.push({
      key: 'jgChannelState',
      params: { id: c.checkpointId, n: c.records },
      tone: 'persist',
      checkpointId: c.checkpointId,
      testId: 'persisted-marker',
      title: { key: 'jgChannelStateTitle', params: { id: c.checkpointId, n: c.records } },
      waitingFor: c.waitingFor,
    });
  }
  if (s.held > 0) pills.push({ key: 'jgHeld', params: { n: s.held }, tone: 'barrier' });
  if (opts.transactions && s.transactions) {
    pills.push({ key: 'jgTxOpen', params: { n: s.transactions.open }, tone: 'sink' });
    pills.push({ key: 'jgTxPre', params: { n: s.transactions.preCommitted }, tone: 'sink' });
  }
  for (const id of s.uploading) if (id !== opts.snapshotTagged) pills.push({ key: 'jgUploading', params: { id }, tone: 'info' });
  return pills;
}

/** Approximate width of `text` at `fontPx` in the app's sans-serif font. */
export function estimateTextWidth(text: string, fontPx: number): number {
  let em = 0;
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if (c >= 0x2e80) em += 1;
    else if (/[ilIjtf.,:;'|!·()[\]]/.test(ch) || ch === ' ') em += 0.32;
    else if (/[A-Z]|[mwMW@%]/.test(ch)) em += 0.72;
    else em += 0.58;
  }
  return em * fontPx;
}

export const PILL_FONT = 11;
export const PILL_PAD = 5;
export const PILL_GAP = 4;

/** Keeps the first pills that fit in `width` (with a "+n" pill for the rest when some are left out). */
export function fitPills(
  texts: string[],
  width: number,
  moreText: (n: number) => string,
  measure: (text: string, fontPx: number) => number = estimateTextWidth,
): { shown: number; widths: number[]; more: string | null; moreWidth: number } {
  const w = (t: string) => measure(t, PILL_FONT) + 2 * PILL_PAD;
  const widths: number[] = [];
  let used = 0;
  for (let i = 0; i < texts.length; i++) {
    const wi = w(texts[i]!);
    const rest = texts.length - i - 1;
    const moreW = rest > 0 ? w(moreText(rest)) + PILL_GAP : 0;
    if (used + wi + moreW > width && i > 0) {
      const more = moreText(texts.length - i);
      return { shown: i, widths, more, moreWidth: w(more) };
    }
    widths.push(wi);
    used += wi + PILL_GAP;
  }
  return { shown: texts.length, widths, more: null, moreWidth: 0 };
}
