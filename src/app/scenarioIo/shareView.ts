/**
 * What a share link adds after its scenario so "look at this" opens exactly what the sender saw:
 * `&at=<step>` (the cursor) and `&branch=<base64url of JSON>`, the actions done in the UI
 * (failures, restores, savepoints…) with the step each became, which the receiver replays as
 * branches of the recorded run (Timeline.branch), in order. Every action is checked with the
 * scenario format's action schema before it reaches the engine. An exported scenario file carries
 * the same two as its `view` field (`at`, `branch`).
 */
import * as v from 'valibot';
import type { Intervention } from '../../engine';
import { actionSchema } from '../../engine/scenario/actionSchema';
import { useAppStore } from '../../store/appStore';
import { decodeBase64url, encodeBase64url } from './base64url';
import { MAX_SHARE_HASH_CHARS } from './limits';

export interface ShareView {
  cursor: number;
  interventions: Intervention[];
}

/** The hash's tail for a view: `&at=…` and, with UI actions, `&branch=…`. */
export function encodeShareView(view: ShareView): string {
  const branch = view.interventions.length
    ? `&branch=${encodeBase64url(new TextEncoder().encode(JSON.stringify(view.interventions)))}`
    : '';
  // Step 0 of the recorded run needs nothing: the link stays what it was before views were shared.
  return view.cursor === 0 && branch === '' ? '' : `&at=${view.cursor}${branch}`;
}

/** The view in a hash's tail (after the scenario), null without one; throws with what is wrong. */
export function readShareView(tail: string): ShareView | null {
  if (tail === '') return null;
  if (tail.length > MAX_SHARE_HASH_CHARS) throw new Error('the link’s step and actions part is too long');
  const params = new URLSearchParams(tail);
  const at = params.get('at');
  const cursor = at === null ? 0 : Number(at);
  if (!Number.isInteger(cursor) || cursor < 0) throw new Error(`"at=${at}" is not a step number`);
  const branch = params.get('branch');
  if (branch === null) return { cursor, interventions: [] };
  const b64 = decodeBase64url(branch);
  if (!b64.ok) throw new Error(b64.message);
  const list: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(b64.bytes));
  return { cursor, interventions: checkInterventions(list, 'action') };
}

/**
 * The UI actions of a link or an exported file, checked: a list of `{ step, action }` with steps
 * increasing, each action valid under the scenario format's action schema (without `atMs`).
 * Throws naming the entry (`where` 1, 2 …) and what is wrong.
 */
export function checkInterventions(list: unknown, where: string): Intervention[] {
  if (!Array.isArray(list)) throw new Error('the actions are not a list');
  let last = 0;
  return list.map((item, i): Intervention => {
    const step = (item as { step?: unknown })?.step;
    if (typeof step !== 'number' || !Number.isInteger(step) || step <= last)
      throw new Error(`${where} ${i + 1}: its step must be a whole number after the previous one`);
    last = step;
    const action = v.safeParse(actionSchema, { ...(item as { action?: object }).action, atMs: 0 });
    if (!action.success) throw new Error(`${where} ${i + 1}: ${action.issues[0].message}`);
    const { atMs: _atMs, ...userAction } = action.output;
    return { step, action: userAction as Intervention['action'] };
  });
}

/** An exported file's `view` (step and UI actions), as the app writes it; absent at step 0 without actions. */
export function fileView(view: ShareView): { at: number; branch: { step: number; action: Intervention['action'] }[] } | undefined {
  if (view.cursor === 0 && view.interventions.length === 0) return undefined;
  return { at: view.cursor, branch: view.interventions.map((iv) => ({ step: iv.step, action: iv.action })) };
}

/** The view an imported file carries (checked), or null; throws with what is wrong. */
export function readFileView(view: { at: number; branch: { step: number; action: object }[] } | undefined): ShareView | null {
  if (!view) return null;
  return { cursor: view.at, interventions: checkInterventions(view.branch, 'view.branch, action') };
}

/** Thrown when another run replaced the one a view was being replayed on (nothing to report). */
export class ViewSuperseded extends Error {
  constructor() {
    super('another run replaced this one before its view was replayed');
  }
}

/**
 * Replays the view's actions on the freshly loaded run as it streams in from the recording
 * worker: each action once its step is recorded, then the cursor once its step is. Rejects with
 * what went wrong (an action the engine refuses, a run too short), or with ViewSuperseded.
 */
export async function applyShareView(view: ShareView): Promise<void> {
  const s = useAppStore.getState();
  const run = s.timeline;
  const recordedTo = async (position: number) => {
    if (!(await s.whenRecorded(position)) || useAppStore.getState().timeline !== run) throw new ViewSuperseded();
    return run.length;
  };
  for (const iv of view.interventions) {
    const length = await recordedTo(iv.step - 1);
    if (iv.step - 1 > length) throw new Error(`action at step ${iv.step}: the run has only ${length} steps`);
    await s.seekTo(iv.step - 1);
    if (useAppStore.getState().timeline !== run) throw new ViewSuperseded();
    // A seek of the user's meanwhile superseded ours: the action still goes where the sender put it.
    if (useAppStore.getState().cursor !== iv.step - 1) useAppStore.setState({ cursor: iv.step - 1, pacedCursors: null });
    s.applyAction(iv.action);
  }
  const length = await recordedTo(view.cursor);
  await s.seekTo(Math.min(view.cursor, length));
}
