/**
 * The scenario of the saved session, read back after a reload. The session record always holds
 * the scenario (sessionRecord.ts); without this, a reload with no retained checkpoint to offer
 * would quietly fall back to the built-in scenario and then overwrite the saved one with it.
 */
import type { Scenario } from '../../engine';
import type { StorageMirror } from '../../persistence';
import { validateScenario } from '../sessionRecord';

export async function loadSavedScenario(
  mirror: Pick<StorageMirror, 'loadSession'>,
  sessionId: string,
): Promise<Scenario | null> {
  const session = await mirror.loadSession(sessionId, { scenario: validateScenario });
  return session?.scenario ?? null;
}
