// Cleaning up after closed tabs: only tab sessions no tab holds are deleted, with all their records.
import { describe, expect, it } from 'vitest';
import { openPersistence, type StorageMirror } from '../persistence';
import { bytesOf, put } from '../persistence/testFixtures';
import { deleteAbandonedSessions } from './abandonedSessions';

const HELD = 'tab-11111111-1111-4111-8111-111111111111';
const GONE = 'tab-22222222-2222-4222-8222-222222222222';
const MINE = 'tab-33333333-3333-4333-8333-333333333333';

async function seed(mirror: StorageMirror, sessionId: string): Promise<void> {
  await mirror.saveSession({
    sessionId,
    title: sessionId,
    scenario: {},
    interventions: [],
    cursor: 0,
  });
  await mirror.applyOps(sessionId, [put('job/chk-1/_metadata', bytesOf(8))]);
  await mirror.putCheckpointMeta(sessionId, 1, { any: 'meta' });
}

describe('deleting the sessions of closed tabs', () => {
  it('deletes only abandoned tab sessions, never the saved one or its own, and leaves the others whole', async () => {
    const { mirror } = await openPersistence({ factory: null });
    for (const id of ['default', HELD, GONE, MINE]) await seed(mirror, id);
    const asked: string[] = [];
    const deleted = await deleteAbandonedSessions(mirror, {
      sessionId: MINE,
      ifAbandoned: async (id, fn) => {
        asked.push(id);
        if (id === HELD) return false;
        await fn();
        return true;
      },
    });
    expect(deleted).toEqual([GONE]);
    expect(asked.sort()).toEqual([GONE, HELD].sort());
    const left = (await mirror.listSessions()).sessions.map((s) => s.sessionId).sort();
    expect(left).toEqual(['default', HELD, MINE].sort());
    expect(await mirror.listFiles(GONE)).toEqual([]);
    for (const id of ['default', HELD, MINE]) expect(await mirror.listFiles(id)).toHaveLength(1);
  });
});
