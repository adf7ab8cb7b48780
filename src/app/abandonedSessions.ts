/**
 * Deletes the sessions of separate tabs that are gone. Such a session (`tab-…`) can be opened
 * again only by its own tab, through a reload; once that tab is closed nothing can reach it, and
 * without this every second tab would leave its checkpoint files in IndexedDB for good.
 *
 * Deleting another tab's records is safe only when no tab uses them, so each one is deleted
 * while holding its claim (TabSession.ifAbandoned): a tab using it holds the claim, and a tab
 * reloading into it meanwhile is refused and starts a new one. Never the saved session, never
 * this tab's own, never records too damaged to list (they stay for an export).
 */
import type { StorageMirror } from '../persistence';
import { isTabSessionId, type TabSession } from './tabSession';

/** Deletes abandoned tab sessions; resolves with the ids it deleted. */
export async function deleteAbandonedSessions(
  mirror: Pick<StorageMirror, 'listSessions' | 'deleteSession'>,
  tab: Pick<TabSession, 'sessionId' | 'ifAbandoned'>,
): Promise<string[]> {
  const { sessions } = await mirror.listSessions();
  const deleted: string[] = [];
  for (const { sessionId } of sessions) {
    if (sessionId === tab.sessionId || !isTabSessionId(sessionId)) continue;
    const gone = await tab.ifAbandoned(sessionId, async () => {
      await mirror.deleteSession(sessionId);
    });
    if (gone) deleted.push(sessionId);
  }
  return deleted;
}
