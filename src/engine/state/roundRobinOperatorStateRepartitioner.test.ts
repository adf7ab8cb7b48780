import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Plain } from '../core/plainData';
import type { OperatorStateSnapshot } from './defaultOperatorStateBackend';
import {
  javaHashMapIterationOrder,
  planOperatorStateRepartition,
  repartitionOperatorState,
} from './roundRobinOperatorStateRepartitioner';

const split = (name: string, ...perSubtask: Plain[][]): OperatorStateSnapshot[] =>
  perSubtask.map((elements) => ({
    listStates: [{ name, mode: 'SPLIT_DISTRIBUTE', elements }],
    broadcastStates: [],
  }));
const elementsOf = (snaps: OperatorStateSnapshot[], name: string) =>
  snaps.map((s) => s.listStates.find((l) => l.name === name)?.elements ?? []);

describe('RoundRobinOperatorStateRepartitioner', () => {
  const abcdef = split('s', ['a', 'b', 'c'], ['d'], ['e', 'f']);

  it('SPLIT_DISTRIBUTE: concatenates in old-subtask order and deals out total/newP, one more for the first total%newP', () => {
    expect(elementsOf(repartitionOperatorState(abcdef, 2), 's')).toEqual([
      ['a', 'b', 'c'],
      ['d', 'e', 'f'],
    ]);
    expect(elementsOf(repartitionOperatorState(abcdef, 4), 's')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
      ['e'],
      ['f'],
    ]);
    // The plan names the old subtask and offsets each piece comes from (OperatorStateHandle offsets).
    expect(planOperatorStateRepartition(abcdef, 2)[1]).toEqual([
      { stateName: 's', mode: 'SPLIT_DISTRIBUTE', fromSubtask: 1, offsets: [0] },
      { stateName: 's', mode: 'SPLIT_DISTRIBUTE', fromSubtask: 2, offsets: [0, 1] },
    ]);
    // Fewer elements than subtasks: the rest get nothing, not even an empty state.
    expect(repartitionOperatorState(split('s', ['a'], ['b']), 3)[2]).toEqual({
      listStates: [],
      broadcastStates: [],
    });
  });

  it('at the same parallelism nothing moves, however unbalanced', () => {
    const unbalanced = split('s', ['a', 'b', 'c', 'd'], [], ['e']);
    expect(repartitionOperatorState(unbalanced, 3)).toEqual(unbalanced);
  });

  it('UNION: every new subtask gets all elements, at the same parallelism too', () => {
    const union: OperatorStateSnapshot[] = [['a'], ['b', 'c']].map((elements) => ({
      listStates: [
        { name: 'u', mode: 'UNION', elements },
        { name: 's', mode: 'SPLIT_DISTRIBUTE', elements: elements.map((e) => e.toUpperCase()) },
      ],
      broadcastStates: [],
    }));
    for (const p of [1, 2, 3])
      expect(elementsOf(repartitionOperatorState(union, p), 'u')).toEqual(
        Array(p).fill(['a', 'b', 'c']),
      );
    // At p = 2 the split state still stays where it was.
    expect(elementsOf(repartitionOperatorState(union, 2), 's')).toEqual([['A'], ['B', 'C']]);
  });

  it("BROADCAST: new subtask i gets old subtask i % oldP's copy; partly reported state is filled in", () => {
    const bc = (v: number): OperatorStateSnapshot => ({
      listStates: [],
      broadcastStates: [{ name: 'b', entries: { sv: v } }],
    });
    const of = (snaps: OperatorStateSnapshot[]) =>
      snaps.map((s) => s.broadcastStates[0]?.entries['sv']);
    expect(of(repartitionOperatorState([bc(0), bc(1), bc(2)], 5))).toEqual([0, 1, 2, 0, 1]);
    expect(of(repartitionOperatorState([bc(0), bc(1), bc(2)], 2))).toEqual([0, 1]);
    // Subtask 1 had finished and reported nothing: at the same parallelism it gets reported[1 % 2] = old subtask 2's copy.
    expect(of(repartitionOperatorState([bc(0), null, bc(2)], 3))).toEqual([0, 2, 2]);
  });

  it('several split states: the extra elements rotate, starting where the previous state stopped (names in HashMap order)', () => {
    // Java HashMap buckets: "a" = 97 → bucket 1, "b" = 98 → bucket 2, so "a" is dealt first whatever the insertion order.
    expect(javaHashMapIterationOrder(['b', 'a'])).toEqual(['a', 'b']);
    // "q" = 113 shares bucket 1 with "a": computeIfAbsent puts the newer key first (checked against OpenJDK 17).
    expect(javaHashMapIterationOrder(['q', 'a'])).toEqual(['a', 'q']);
    expect(javaHashMapIterationOrder(['a', 'q', 'b'])).toEqual(['q', 'a', 'b']);
    // 13 and 25 keys sit on the resize edge (computeIfAbsent resizes before inserting). Expected = OpenJDK 17 output.
    const java = (keys: string, order: string) =>
      expect(javaHashMapIterationOrder(keys.split(','))).toEqual(order.split(','));
    java(
      'rXptAj,Ji,nwjL,0DLZ,-T,q4seKZ9o0Y,zoQ1,YytOduf4N,iJ6OWkp,ivaMvbWYzsBh,1O--3yuT,o-cS,T2O29473-',
      '1O--3yuT,iJ6OWkp,ivaMvbWYzsBh,0DLZ,YytOduf4N,rXptAj,-T,nwjL,q4seKZ9o0Y,T2O29473-,zoQ1,o-cS,Ji',
    );
    java(
      'GdA3fM,1ttY,OFat,7BW4qsJJuXoD,ZeCFS1j0oqL3,X9brTcXmv,wzS-TprosW,mi7qrw1Db,gM,ugUOAxg1aUT0,1dI7btph6,kx-Yerd,XAOHdQshFFG,gl8c_R0VlGa7,SYfXkR,4FUqTuXraTn,Bn69,Mi_Sq9,H2MXZ,hzh88lfdemH,JoaB,4t,PeNrgZVc_ZC,C,TtPK',
      '4t,hzh88lfdemH,1dI7btph6,Mi_Sq9,XAOHdQshFFG,C,X9brTcXmv,JoaB,gM,SYfXkR,H2MXZ,wzS-TprosW,ugUOAxg1aUT0,OFat,Bn69,1ttY,ZeCFS1j0oqL3,GdA3fM,mi7qrw1Db,4FUqTuXraTn,kx-Yerd,gl8c_R0VlGa7,TtPK,PeNrgZVc_ZC,7BW4qsJJuXoD',
    );
    const two: OperatorStateSnapshot[] = [
      {
        listStates: [
          { name: 'b', mode: 'SPLIT_DISTRIBUTE', elements: ['b0', 'b1', 'b2'] },
          { name: 'a', mode: 'SPLIT_DISTRIBUTE', elements: ['a0', 'a1', 'a2'] },
        ],
        broadcastStates: [],
      },
    ];
    const out = repartitionOperatorState(two, 2);
    expect(elementsOf(out, 'a')).toEqual([['a0', 'a1'], ['a2']]);
    expect(elementsOf(out, 'b')).toEqual([['b2'], ['b0', 'b1']]); // b's extra element goes to subtask 1
  });

  it('rejects bad arguments and inconsistent modes', () => {
    expect(() => repartitionOperatorState(abcdef, 0)).toThrow(
      /newParallelism must be a positive integer, got 0/,
    );
    expect(() => repartitionOperatorState([], 2)).toThrow(/at least one old subtask/);
    const mixed: OperatorStateSnapshot[] = [
      { listStates: [{ name: 'x', mode: 'UNION', elements: [] }], broadcastStates: [] },
      { listStates: [{ name: 'x', mode: 'SPLIT_DISTRIBUTE', elements: [] }], broadcastStates: [] },
    ];
    expect(() => repartitionOperatorState(mixed, 3)).toThrow(
      /state 'x' is UNION in one subtask and SPLIT_DISTRIBUTE in subtask 1/,
    );
  });

  it('property: for any p → p′, SPLIT_DISTRIBUTE loses and duplicates nothing, stays balanced, and UNION/BROADCAST follow their rules', () => {
    const names = fc.uniqueArray(fc.constantFrom('offsets', 'a', 'b', 'splits', 'q'), {
      minLength: 1,
      maxLength: 3,
    });
    const arb = fc.record({
      names,
      oldP: fc.integer({ min: 1, max: 6 }),
      newP: fc.integer({ min: 1, max: 8 }),
      sizes: fc.array(fc.nat(6), { minLength: 18, maxLength: 18 }),
    });
    fc.assert(
      fc.property(arb, ({ names, oldP, newP, sizes }) => {
        let n = 0;
        const old: OperatorStateSnapshot[] = Array.from({ length: oldP }, (_, i) => ({
          listStates: [
            ...names.map((name, j) => ({
              name,
              mode: 'SPLIT_DISTRIBUTE' as const,
              elements: Array.from({ length: sizes[(i * 3 + j) % 18]! }, () => `${name}#${n++}`),
            })),
            { name: 'union', mode: 'UNION' as const, elements: [`u${i}`] },
          ],
          broadcastStates: [{ name: 'bc', entries: { sfrom: i } }],
        }));
        const out = repartitionOperatorState(old, newP);
        expect(out).toHaveLength(newP);
        for (const name of names) {
          const before = elementsOf(old, name);
          const after = elementsOf(out, name);
          expect(after.flat().sort()).toEqual(before.flat().sort());
          if (newP === oldP) {
            expect(after).toEqual(before);
          } else {
            const lengths = after.map((a) => a.length);
            expect(Math.max(...lengths) - Math.min(...lengths)).toBeLessThanOrEqual(1);
            // Each new subtask holds a consecutive run of the concatenation.
            const all = before.flat();
            for (const a of after.filter((x) => x.length > 0))
              expect(all.slice(all.indexOf(a[0]!), all.indexOf(a[0]!) + a.length)).toEqual(a);
          }
        }
        const allUnion = old.map((_, i) => `u${i}`);
        expect(elementsOf(out, 'union')).toEqual(Array(newP).fill(allUnion));
        expect(out.map((s) => s.broadcastStates[0]!.entries['sfrom'])).toEqual(
          out.map((_, i) => i % oldP),
        );
      }),
      { numRuns: 500 },
    );
  });
});
