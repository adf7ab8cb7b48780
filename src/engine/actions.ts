/**
 * Actions a user (or a scenario script) applies to a running simulation. Applying one at an
 * earlier step branches the timeline: the recorded future is discarded and re-run.
 */
import { assertNever } from './core/assertNever';

export type UserAction =
  /** The toy source emits one extra record with this value right now. */
  | { do: 'emit'; value: number };

/** A short human-readable description used in logs and the event list. */
export function describeAction(a: UserAction): string {
  switch (a.do) {
    case 'emit':
      return `emit ${a.value}`;
    default:
      return assertNever(a.do, 'action');
  }
}
