/**
 * Sessions: one per scenario run the user keeps. A session record holds what is needed to
 * rebuild the timeline (scenario JSON, interventions, cursor); its checkpoint files, checkpoint
 * metadata and registry snapshot live in the other stores under the same session id.
 */
import { isPersistenceError, type PersistenceError } from './persistenceError';
import type { RecordStore } from './recordStore';
import { FORMAT_VERSION, checkSessionId, type SessionRecord } from './records';
import { STORE_NAMES } from './schema';
import { check, parseSessionRecord, type Validator } from './validateRecord';

/** What the app saves about a session. `scenario` and interventions must be plain data. */
export interface SessionInput {
  sessionId: string;
  title: string;
  scenario: unknown;
  interventions: readonly unknown[];
  cursor: number;
}

/** A session as listed: everything except the scenario and interventions themselves. */
export interface SessionSummary {
  sessionId: string;
  title: string;
  /** The app version that last saved it. */
  appVersion: string;
  createdAtMs: number;
  updatedAtMs: number;
  cursor: number;
  interventionCount: number;
}

/** A loaded session, with scenario and interventions checked by the caller's validators. */
export interface SessionData<S, I> extends SessionSummary {
  scenario: S;
  interventions: I[];
}

/** Checks for a loaded session's payload (e.g. the engine's scenario parser). */
export interface SessionValidators<S, I> {
  scenario?: Validator<S>;
  intervention?: Validator<I>;
}

/** `listSessions`' answer: readable sessions, most recently updated first, and damaged ones. */
export interface SessionListing {
  sessions: SessionSummary[];
  /** One `corrupt` error per unreadable session record (its `key` names the session). */
  corrupt: PersistenceError[];
}

function summaryOf(r: SessionRecord): SessionSummary {
  return { sessionId: r.sessionId, title: r.title, appVersion: r.appVersion, createdAtMs: r.createdAtMs, updatedAtMs: r.updatedAtMs, cursor: r.cursor, interventionCount: r.interventions.length };
}

/** Creates or replaces a session record; keeps its creation time when it exists. */
export async function saveSession(store: RecordStore, input: SessionInput, appVersion: string, now: () => number): Promise<SessionSummary> {
  checkSessionId(input.sessionId);
  if (!Number.isSafeInteger(input.cursor) || input.cursor < 0) throw new TypeError(`Persistence: cursor must be a non-negative integer, got ${String(input.cursor)}`);
  const sessionId = input.sessionId;
  const operation = `saving session "${input.title}" (${sessionId})`;
  const at = now();
  return store.transact(['sessions'], 'readwrite', operation, async (tx) => {
    const old = await tx.get('sessions', sessionId);
    let createdAtMs = at;
    if (old !== undefined) {
      try {
        createdAtMs = parseSessionRecord(old, sessionId, { store: 'sessions', key: sessionId, operation }).createdAtMs;
      } catch {
        // A damaged record is simply replaced: saving repairs it.
      }
    }
    const record: SessionRecord = {
      formatVersion: FORMAT_VERSION,
      sessionId,
      title: input.title,
      scenario: input.scenario,
      interventions: [...input.interventions],
      cursor: input.cursor,
      appVersion,
      createdAtMs,
      updatedAtMs: at,
    };
    await tx.put('sessions', record);
    return summaryOf(record);
  });
}

/** Loads a session, or undefined when there is none; damaged data throws `corrupt`. */
export async function loadSession<S = unknown, I = unknown>(store: RecordStore, sessionId: string, validators: SessionValidators<S, I> = {}): Promise<SessionData<S, I> | undefined> {
  checkSessionId(sessionId);
  const operation = `loading session "${sessionId}"`;
  const value = await store.transact(['sessions'], 'readonly', operation, (tx) => tx.get('sessions', sessionId));
  if (value === undefined) return undefined;
  const src = { store: 'sessions', key: sessionId, operation };
  const r = parseSessionRecord(value, sessionId, src);
  const scenario = validators.scenario ? check(r.scenario, validators.scenario, 'a scenario', src) : (r.scenario as S);
  const intervention = validators.intervention;
  const interventions = intervention ? r.interventions.map((x, i) => check(x, intervention, `an intervention (#${i + 1})`, src)) : (r.interventions as I[]);
  return { ...summaryOf(r), scenario, interventions };
}

/** Lists sessions, most recently updated first. A damaged record is reported, not thrown, so one bad session does not hide the others. */
export async function listSessions(store: RecordStore): Promise<SessionListing> {
  const operation = 'listing saved sessions';
  const entries = await store.transact(['sessions'], 'readonly', operation, (tx) => tx.getAllEntries('sessions'));
  const sessions: SessionSummary[] = [];
  const corrupt: PersistenceError[] = [];
  for (const { key, value } of entries) {
    try {
      sessions.push(summaryOf(parseSessionRecord(value, key as string, { store: 'sessions', key, operation })));
    } catch (e) {
      if (!isPersistenceError(e)) throw e;
      corrupt.push(e);
    }
  }
  sessions.sort((a, b) => b.updatedAtMs - a.updatedAtMs || (a.sessionId < b.sessionId ? -1 : 1));
  return { sessions, corrupt };
}

/** Deletes everything of a session (record, files, checkpoints, registry) in one transaction. Returns whether a session record existed. */
export async function deleteSession(store: RecordStore, sessionId: string): Promise<boolean> {
  checkSessionId(sessionId);
  return store.transact(STORE_NAMES, 'readwrite', `deleting session "${sessionId}"`, async (tx) => {
    const existed = (await tx.get('sessions', sessionId)) !== undefined;
    await Promise.all([
      tx.deleteSession('files', sessionId),
      tx.deleteSession('checkpoints', sessionId),
      tx.delete('sessions', sessionId),
      tx.delete('registry', sessionId),
    ]);
    return existed;
  });
}
