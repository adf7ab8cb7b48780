import { describe, expect, it } from 'vitest';
import { idbMirror, put, rawDb, rejection, bytesOf } from './testFixtures';
import { RESTORE_READ_OPTIONS } from './fileMirror';

describe('readFiles verification', () => {
  it('by default catches changed bytes by their digest; the restore path leaves bytes to the formats but still checks size', async () => {
    const { mirror, factory } = await idbMirror();
    await mirror.applyOps('s', [put('a', bytesOf(64, 1))]);
    const db = await rawDb(factory!);
    const rec = (await db.get('files', ['s', 'a'])) as { bytes: Uint8Array };
    const changed = rec.bytes.slice();
    changed[3]! ^= 0xff;
    await db.put('files', { ...rec, bytes: changed });
    expect((await rejection(mirror.readFiles('s', ['a']))).kind).toBe('corrupt');
    expect([...(await mirror.readFiles('s', ['a'], RESTORE_READ_OPTIONS)).get('a')!]).toEqual([...changed]);
    await db.put('files', { ...rec, bytes: changed.subarray(0, 10) });
    expect((await rejection(mirror.readFiles('s', ['a'], RESTORE_READ_OPTIONS))).kind).toBe('corrupt');
    db.close();
    await mirror.close();
  });
});
