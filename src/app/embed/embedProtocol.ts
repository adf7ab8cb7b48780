/**
 * What the comparison page and the simulator embedded in each of its columns (`?embed=1`) say to
 * each other with `postMessage`. Both sides are the same app on the same origin; a message from
 * any other origin, or from a window that is not the expected peer, is ignored (a page that frames
 * ours, or a tab that opens it, must not move its cursor or read its position).
 */
import type { Lang } from '../../i18n/language';

/** Page → embedded simulator. */
export type ToEmbed =
  /** Move the cursor to the last step at or before this simulated time. */
  | { type: 'seekTime'; ms: number }
  /** Show this language (the page's switch); the page remembers it, the embed does not. */
  | { type: 'lang'; lang: Lang };

/** Embedded simulator → page. */
export type FromEmbed =
  /** The run is recorded and shown: its number of steps and its last step's simulated time. */
  | { type: 'ready'; steps: number; endMs: number }
  /** The run could not be loaded (refused for its size, or the engine failed). */
  | { type: 'error'; message: string }
  /** Answer to `seekTime`: the time asked for, the step the cursor is now at, and that step's time (≤ ms). */
  | { type: 'at'; ms: number; step: number; stepMs: number };

const isTime = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x) && x >= 0;

/** Same origin, from the expected window, and a well-formed message: else null. */
function accepted(e: Pick<MessageEvent, 'origin' | 'source' | 'data'>, origin: string, from: MessageEventSource | null): Record<string, unknown> | null {
  if (e.origin !== origin || from === null || e.source !== from) return null;
  const d: unknown = e.data;
  return typeof d === 'object' && d !== null && typeof (d as { type?: unknown }).type === 'string' ? (d as Record<string, unknown>) : null;
}

export function readToEmbed(e: Pick<MessageEvent, 'origin' | 'source' | 'data'>, origin: string, parent: MessageEventSource | null): ToEmbed | null {
  const d = accepted(e, origin, parent);
  if (d?.type === 'seekTime' && isTime(d.ms)) return { type: 'seekTime', ms: d.ms };
  if (d?.type === 'lang' && (d.lang === 'en' || d.lang === 'zh')) return { type: 'lang', lang: d.lang };
  return null;
}

export function readFromEmbed(e: Pick<MessageEvent, 'origin' | 'source' | 'data'>, origin: string, frame: MessageEventSource | null): FromEmbed | null {
  const d = accepted(e, origin, frame);
  if (d?.type === 'ready' && Number.isInteger(d.steps) && isTime(d.endMs)) return { type: 'ready', steps: d.steps as number, endMs: d.endMs };
  if (d?.type === 'error' && typeof d.message === 'string') return { type: 'error', message: d.message };
  if (d?.type === 'at' && isTime(d.ms) && Number.isInteger(d.step) && isTime(d.stepMs)) return { type: 'at', ms: d.ms, step: d.step as number, stepMs: d.stepMs };
  return null;
}
