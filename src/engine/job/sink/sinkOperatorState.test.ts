import { describe, expect, it } from 'vitest';
import { DataOutputView, plainValueSerializer } from '../../serialization';
import type { OperatorStateHandle } from '../../format/stateHandles';
import { decodeSinkState, encodeSinkState, redistributeSinkState, type SinkStateElement } from './sinkOperatorState';

const el = (open: string, ...pending: [number, string][]): SinkStateElement => ({
  pendingTransaction: { id: open, jobId: 'j' },
  pendingCommitTransactions: pending.map(([checkpointId, id]) => ({ checkpointId, transaction: { id, jobId: 'j' } })),
});
const bytesOf = (h: OperatorStateHandle): Uint8Array => (h.delegate.type === 'inline' ? h.delegate.bytes : new Uint8Array());
const ids = (es: SinkStateElement[]) => es.map((e) => e.pendingTransaction!.id);

describe("the transactional sink's operator state", () => {
  it('round-trips one State element per subtask through an inline SPLIT_DISTRIBUTE handle', () => {
    const e = el('tx-5', [3, 'tx-1'], [4, 'tx-3']);
    const h = encodeSinkState('sink#0', e);
    expect(h.states).toEqual([{ name: 'state', mode: 'SPLIT_DISTRIBUTE', offsets: [0] }]);
    expect(h.delegate.type).toBe('inline');
    expect(decodeSinkState(h, bytesOf(h), 'test')).toEqual([e]);
    const empty: SinkStateElement = { pendingTransaction: null, pendingCommitTransactions: [] };
    const h2 = encodeSinkState('sink#1', empty);
    expect(decodeSinkState(h2, bytesOf(h2), 'test')).toEqual([empty]);
  });

  it('refuses corrupt elements, naming where', () => {
    const h = encodeSinkState('sink#0', el('tx-1'));
    const out = new DataOutputView(16);
    plainValueSerializer.serialize({ pendingTransaction: 'tx-1', pendingCommitTransactions: [] }, out);
    expect(() => decodeSinkState(h, out.toBytes(), 'sink#0 operator state')).toThrow(/sink#0 operator state: a sink state element is corrupt/);
  });

  it('redistributes the elements round robin like any list state (RoundRobinOperatorStateRepartitioner)', () => {
    const old = [[el('a')], [el('b')], [el('c')]];
    expect([0, 1, 2].map((i) => ids(redistributeSinkState(old, i, 3)))).toEqual([['a'], ['b'], ['c']]);
    expect([0, 1].map((i) => ids(redistributeSinkState(old, i, 2)))).toEqual([['a', 'b'], ['c']]);
    expect(ids(redistributeSinkState(old, 0, 1))).toEqual(['a', 'b', 'c']);
    // Scale-out: some new subtasks get no element (and so nothing to recover).
    expect([0, 1, 2, 3].map((i) => ids(redistributeSinkState([[el('a')], [el('b')]], i, 4)))).toEqual([['a'], ['b'], [], []]);
  });
});
