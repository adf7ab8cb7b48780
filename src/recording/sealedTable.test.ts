/**
 * A seek's keyframe defines each sealed value once per recording, then refers to it (issue 17:
 * late in the scale run ~80 of a keyframe's ~96 MB of text were sealed history the page already
 * had). What the page relies on: every decode gives the state that was packed; a value is only
 * referred to once the page said it holds it; the shared values are the same objects on the page.
 */
import { describe, expect, it } from 'vitest';
import { digestPlain, type EngineState } from '../engine';
import { sealPlain } from '../engine/core/plainData';
import { packKeyframe, type PackedKeyframe } from './keyframeCodec';
import { decodeInSlices, partText, unpackState } from './keyframeDecode';
import { SealedTable } from './sealedTable';

/** A state whose finished checkpoints' rows are sealed, as the engine seals them; `n` rows, the last `fresh` of them new. */
function stateWith(rows: { files: string[] }[], note: string): EngineState {
  return { format: 'f', coordinator: { history: rows.map((r, id) => ({ id, status: 'COMPLETED', subtasks: [{ id }], taskFiles: r })) }, job: { output: { transactions: [] } }, registry: { discarded: [] }, note } as unknown as EngineState;
}
const textLength = (p: PackedKeyframe) => p.json.length + p.parts.reduce((n, _x, i) => n + partText(p, i).length, 0);
const decode = (p: PackedKeyframe) => decodeInSlices(p, 1000, () => Promise.resolve(), () => false) as Promise<EngineState>;

describe('sealed values cross once per recording', () => {
  const rows = Array.from({ length: 400 }, (_, i) => sealPlain({ files: Array.from({ length: 20 }, (_v, j) => `shared/file-${i}-${j}.sst`) }));

  it('the second keyframe refers to what the page confirmed it holds: far less text, the same state, the same objects', async () => {
    const table = new SealedTable();
    const first = packKeyframe({ position: 10, state: stateWith(rows.slice(0, 300), 'a') }, true, table);
    expect(first.sealed!.defines).toHaveLength(300);
    const a = await decode(first);
    expect(digestPlain(a)).toBe(digestPlain(stateWith(rows.slice(0, 300), 'a')));
    table.confirm(first.sealed!.defines);

    const second = packKeyframe({ position: 20, state: stateWith(rows, 'b') }, true, table);
    expect(second.sealed!.defines).toHaveLength(100);
    expect(textLength(second)).toBeLessThan(textLength(first) / 2);
    const b = await decode(second);
    expect(digestPlain(b)).toBe(digestPlain(stateWith(rows, 'b')));
    // What the page already held is shared, not decoded again.
    const rowsOf = (s: EngineState) => s.coordinator.history as unknown as { taskFiles: object }[];
    expect(rowsOf(b)[7]!.taskFiles).toBe(rowsOf(a)[7]!.taskFiles);
    expect(Object.isFrozen(rowsOf(b)[350]!.taskFiles)).toBe(true);
    // A later decode of the same keyframe (its decoded state dropped) finds them too.
    expect(digestPlain(unpackState(second))).toBe(digestPlain(b));
  });

  it('a keyframe the page did not decode (a superseded seek) is not relied on: the next one defines its values again', async () => {
    const table = new SealedTable();
    const dropped = packKeyframe({ position: 10, state: stateWith(rows.slice(0, 200), 'a') }, true, table);
    const next = packKeyframe({ position: 20, state: stateWith(rows.slice(0, 250), 'b') }, true, table);
    expect(next.sealed!.defines).toHaveLength(250);
    expect(dropped.sealed!.gen).toBe(next.sealed!.gen);
    expect(digestPlain(await decode(next))).toBe(digestPlain(stateWith(rows.slice(0, 250), 'b')));
  });

  it('a reference to a value the page was never sent fails the decode with a message (the seek then reads from the page’s own keyframes)', async () => {
    const table = new SealedTable();
    const never = packKeyframe({ position: 10, state: stateWith(rows.slice(0, 5), 'a') }, true, table);
    table.confirm(never.sealed!.defines);
    const refs = packKeyframe({ position: 20, state: stateWith(rows.slice(0, 5), 'b') }, true, table);
    expect(refs.sealed!.defines).toEqual([]);
    await expect(decode(refs)).rejects.toThrow(/refers to sealed value \d+, which the page was never sent/);
  });

  it('a keyframe packed without a table (a chunk’s) carries its sealed values whole', () => {
    const p = packKeyframe({ position: 10, state: stateWith(rows.slice(0, 3), 'a') });
    expect(p.sealed).toBeUndefined();
    expect(digestPlain(unpackState(p))).toBe(digestPlain(stateWith(rows.slice(0, 3), 'a')));
  });
});
