import { describe, expect, it } from 'vitest';
import { scenarioOf } from '../defaultScenario';
import { describeConfig } from './configDescription';
import { SCENARIO_FORMAT } from './scenarioSchema';

describe('configuration description', () => {
  it("shows each setting under Flink's key with Flink's real default beside the teaching value", () => {
    const rows = describeConfig(scenarioOf({ format: SCENARIO_FORMAT, stateBackend: { type: 'rocksdb', rocksdb: { writeBufferBytes: 4096 } } }));
    const row = (key: string) => rows.find((r) => r.key === key)!;
    expect(row('state.backend.rocksdb.writebuffer.size')).toEqual({ group: 'rocksdb', key: 'state.backend.rocksdb.writebuffer.size', value: '4 KB', flinkDefault: '64 MB', scaled: true });
    expect(row('execution.checkpointing.timeout')).toMatchObject({ value: '10 min', flinkDefault: '10 min', scaled: false });
    expect(row('execution.checkpointing.num-retained')).toMatchObject({ value: '1', flinkDefault: '1' });
    expect(row('pipeline.max-parallelism').value).toBe('128');
  });

  it('lists RocksDB settings only for the RocksDB backend', () => {
    expect(describeConfig(scenarioOf({ format: SCENARIO_FORMAT })).some((r) => r.group === 'rocksdb')).toBe(false);
  });
});
