/**
 * What the app saves as the session record (scenario JSON, title, interventions, cursor) and how
 * a loaded scenario is checked: with the engine's own parser, because a scenario read back from
 * IndexedDB may come from another version of the app.
 */
import {
  formatProblems,
  parseScenario,
  type Intervention,
  type Scenario,
  type Timeline,
} from '../engine';
import type { SessionInput, Validator } from '../persistence';

/** The parts of the app state a session record is built from. */
export interface SessionSource {
  sessionId: string;
  scenario: Scenario;
  timeline: Timeline;
  cursor: number;
}

/** The session record for the current state (interventions copied as plain data). */
export function sessionInputOf(s: SessionSource): SessionInput {
  const interventions: Intervention[] = s.timeline.interventions.map((iv) => structuredClone(iv));
  return {
    sessionId: s.sessionId,
    title: s.scenario.title,
    scenario: structuredClone(s.scenario),
    interventions,
    cursor: s.cursor,
  };
}

/** Validates a stored scenario with the engine's parser (which also fills in defaults). */
export const validateScenario: Validator<Scenario> = (value) => {
  const r = parseScenario(value);
  if (!r.ok) throw new Error(formatProblems(r.problems));
  return r.scenario;
};
