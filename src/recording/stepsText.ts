/**
 * A chunk's steps cross from the recording worker to the page as JSON text, not structured-cloned.
 * A structured clone rebuilds each event with its properties added one by one: V8 gives such an
 * object room for four in the object and the rest in a separate property array, so the page held
 * the scale run's 885,000 summary events as twice as many heap objects, and every major collection
 * of the page's heap marked them all (docs/long-tasks.md, "Session 16"). `JSON.parse` builds each
 * object at its size, and shares short strings (keys such as `k556`); it also decodes faster.
 *
 * JSON loses what is not JSON (undefined, NaN, ±Infinity, -0, byte arrays): a chunk whose steps
 * hold any of these crosses as before, structured-cloned. No event of the shipped scenarios does
 * (stepsText.test.ts), so that path is a guard, not the rule.
 */
import type { StepRecord } from '../engine';

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

/** The page's side of `packSteps`. */
export function unpackSteps(wire: string | StepRecord[]): StepRecord[] {
  return typeof wire === 'string' ? (JSON.parse(wire) as StepRecord[]) : wire;
}
