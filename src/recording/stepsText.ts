/**
 * A chunk's steps cross from the recording worker to the page as JSON text, not structured-cloned.
 * A structured clone rebuilds each event with its properties added one by one: V8 gives such an
 * object room for four in the object and the rest in a separate property array, so the page held
 * the scale run's 885,000 summary events as twice as many heap objects, and every major collection
 * of the page's heap marked them all (docs/long-tasks.md, "Session 16"). `JSON.parse` builds each
 * object at its size, in about the time the clone took. It also internalizes every string value of up to ten
 * characters (jsonStrings.ts): the keys and origins in the events are copied afterwards, as a
 * keyframe's are, or every major collection would walk a string table of all of them.
 *
 * JSON loses what is not JSON (undefined, NaN, ±Infinity, -0, byte arrays): a chunk whose steps
 * hold any of these crosses as before, structured-cloned. No event of the shipped scenarios does
 * (stepsText.test.ts), so that path is a guard, not the rule.
 */
import type { StepRecord } from '../engine';
import { JSON_INTERNALIZES_UP_TO, fresh } from './jsonStrings';
import { NAME_FIELDS } from './shareEventStrings';

const NAMES: ReadonlySet<string> = new Set(NAME_FIELDS);

/** True when JSON.stringify then JSON.parse gives `v` back exactly. */
export function jsonSafe(v: unknown): boolean {
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return true;
  if (typeof v === 'number') return Number.isFinite(v) && !Object.is(v, -0);
  if (typeof v !== 'object') return false;
  if (Array.isArray(v)) {
    for (const x of v) if (!jsonSafe(x)) return false;
    return true;
  }
  if (Object.getPrototypeOf(v) !== Object.prototype) return false;
  for (const k in v) {
    if (k === '__proto__' || !jsonSafe((v as Record<string, unknown>)[k])) return false;
  }
  return true;
}

/** What the worker sends of a chunk's steps: their JSON text, or the steps themselves when JSON would change them. */
export function packSteps(steps: readonly StepRecord[]): string | StepRecord[] {
  return jsonSafe(steps) ? JSON.stringify(steps) : (steps as StepRecord[]);
}

/** The page's side of `packSteps`: short strings copied but for the events' names (shareEventStrings.ts shares those). */
export function unpackSteps(wire: string | StepRecord[]): StepRecord[] {
  if (typeof wire !== 'string') return wire;
  const steps = JSON.parse(wire) as StepRecord[];
  for (const st of steps) for (const e of st.events) copyShortStrings(e as unknown as Slots, NAMES);
  return steps;
}

type Slots = Record<string | number, unknown>;

/** Replaces, in place, every string of `o` (and of the objects and arrays in it) up to JSON_INTERNALIZES_UP_TO characters long by a copy, but for the fields named in `skip`. */
function copyShortStrings(o: Slots, skip?: ReadonlySet<string>): void {
  if (Array.isArray(o)) {
    for (let i = 0; i < o.length; i++) copySlot(o, i);
  } else {
    for (const k in o) if (!skip?.has(k)) copySlot(o, k);
  }
}

function copySlot(o: Slots, k: string | number): void {
  const v = o[k];
  if (typeof v === 'string') {
    if (v.length > 1 && v.length <= JSON_INTERNALIZES_UP_TO) o[k] = fresh(v);
  } else if (v !== null && typeof v === 'object') copyShortStrings(v as Slots);
}
