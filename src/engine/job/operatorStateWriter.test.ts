// The operator state stream: inline in _metadata up to state.storage.fs.memory-threshold (20 KB),
// a file above it (FsCheckpointStateOutputStream#closeAndGetHandle), read back at its offsets.
import { describe, expect, it } from 'vitest';
import { Simulation } from '../simulation';
import { parseScenario } from '../scenario/parseScenario';
import { StepContext } from '../stepContext';
import { ENGINE_HOOKS } from '../wiring';
import type { EngineState } from '../state';
import type { OperatorStateBackendData } from '../state/defaultOperatorStateBackend';
import { FS_MEMORY_THRESHOLD_BYTES, operatorStateHandleOf, readOperatorStateStream } from './operatorStateWriter';
import { checkpointLocation } from '../format/snapshotLocation';

function ctxWith(checkpointStorage: 'filesystem' | 'jobmanager'): StepContext {
  const parsed = parseScenario({ format: 'checkpoint-lab/scenario@1', stateBackend: { checkpointStorage } });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
  return new StepContext(Simulation.create(parsed.scenario).state as EngineState, ENGINE_HOOKS);
}

function data(listElements: number, value: string): OperatorStateBackendData {
  return {
    listStates: [{ name: 'offsets', mode: 'UNION', elements: Array.from({ length: listElements }, (_, i) => [i, i * 10, 0]) }],
    broadcastStates: [{ name: 'rules', entries: { 'srule-0': value, 'srule-1': 7 } }],
  };
}

describe('operator state stream', () => {
  const loc = checkpointLocation('job', 4, false);

  it('stays inside _metadata up to the memory threshold and round-trips both modes', () => {
    const ctx = ctxWith('filesystem');
    const d = data(3, 'x');
    const { handle, upload } = operatorStateHandleOf(ctx, 'count#0', 4, loc, d, 'count#0-operator-state');
    expect(upload).toBeNull();
    expect(handle.delegate.type).toBe('inline');
    expect(handle.states.map((s) => [s.name, s.mode, s.offsets.length])).toEqual([['offsets', 'UNION', 3], ['rules', 'BROADCAST', 1]]);
    const bytes = handle.delegate.type === 'inline' ? handle.delegate.bytes : new Uint8Array();
    expect(bytes.length).toBeLessThanOrEqual(FS_MEMORY_THRESHOLD_BYTES);
    expect(readOperatorStateStream(handle, bytes, 'test')).toEqual(d);
  });

  it('goes to a file in the checkpoint directory above the threshold (not with JobManager storage)', () => {
    const big = data(2, 'r'.repeat(FS_MEMORY_THRESHOLD_BYTES));
    const fs = operatorStateHandleOf(ctxWith('filesystem'), 'count#0', 4, loc, big, 'n');
    expect(fs.handle.delegate.type).toBe('file');
    expect(fs.upload!.path.startsWith(`${loc.exclusiveDir}/`)).toBe(true);
    expect(fs.upload!.bytes.length).toBeGreaterThan(FS_MEMORY_THRESHOLD_BYTES);
    expect(fs.handle.delegate.type === 'file' && fs.handle.delegate.path).toBe(fs.upload!.path);
    expect(readOperatorStateStream(fs.handle, fs.upload!.bytes, 'test')).toEqual(big);
    // MemCheckpointStreamFactory: everything goes to the JobManager inside _metadata.
    const jm = operatorStateHandleOf(ctxWith('jobmanager'), 'count#0', 4, loc, big, 'n');
    expect(jm.upload).toBeNull();
    expect(jm.handle.delegate.type).toBe('inline');
  });
});
