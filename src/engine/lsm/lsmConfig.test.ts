import { describe, expect, it } from 'vitest';
import { createLsmDb } from './lsmDb';
import {
  LSM_CONFIG_KEYS,
  LSM_FLINK_DEFAULTS,
  LSM_TEACHING_DEFAULTS,
  levelTargetBytes,
  lsmConfigProblems,
  validateLsmConfig,
} from './lsmConfig';

const MB = 1024 * 1024;

describe('LSM config', () => {
  it("keeps Flink's and RocksDB's real defaults beside the teaching sizes", () => {
    expect(LSM_FLINK_DEFAULTS).toMatchObject({
      writeBufferBytes: 64 * MB,
      maxWriteBufferNumber: 2,
      blockSizeBytes: 4096,
      level0FileNumCompactionTrigger: 4,
      maxBytesForLevelBase: 256 * MB,
      maxBytesForLevelMultiplier: 10,
      targetFileSizeBase: 64 * MB,
      numLevels: 7,
    });
    expect(LSM_CONFIG_KEYS.writeBufferBytes.flinkKey).toBe(
      'state.backend.rocksdb.writebuffer.size',
    );
    expect(LSM_CONFIG_KEYS.maxWriteBufferNumber.flinkKey).toBe(
      'state.backend.rocksdb.writebuffer.count',
    );
    expect(LSM_CONFIG_KEYS.maxBytesForLevelBase.flinkKey).toBe(
      'state.backend.rocksdb.compaction.level.max-size-level-base',
    );
    expect(LSM_CONFIG_KEYS.level0FileNumCompactionTrigger).toEqual({
      flinkKey: null,
      rocksDbOption: 'level0_file_num_compaction_trigger',
    });
    expect(Object.keys(LSM_CONFIG_KEYS).sort()).toEqual(Object.keys(LSM_TEACHING_DEFAULTS).sort());
    // Teaching sizes are bytes, small enough to watch memtables seal within a few records.
    expect(LSM_TEACHING_DEFAULTS.writeBufferBytes).toBeLessThanOrEqual(8192);
    expect(lsmConfigProblems(LSM_TEACHING_DEFAULTS)).toEqual([]);
    expect(lsmConfigProblems(LSM_FLINK_DEFAULTS)).toEqual([]);
  });

  it('fills unspecified knobs from the teaching defaults', () => {
    expect(validateLsmConfig({ writeBufferBytes: 1000 })).toEqual({
      ...LSM_TEACHING_DEFAULTS,
      writeBufferBytes: 1000,
    });
  });

  it('rejects impossible configs saying which field and value', () => {
    const msg = (c: object): string => {
      try {
        validateLsmConfig(c);
      } catch (e) {
        return (e as Error).message;
      }
      return 'no error';
    };
    expect(msg({ maxWriteBufferNumber: 1 })).toContain('maxWriteBufferNumber must be at least 2');
    expect(msg({ maxWriteBufferNumber: 1 })).toContain('got 1');
    expect(msg({ writeBufferBytes: 2.5 })).toContain(
      'writeBufferBytes must be an integer, got 2.5',
    );
    expect(msg({ numLevels: 1 })).toContain('numLevels must be at least 2');
    expect(msg({ maxBytesForLevelMultiplier: 0.5 })).toContain(
      'maxBytesForLevelMultiplier must be at least 1',
    );
    expect(msg({ compactionPri: 'kByCompensatedSize' })).toContain(
      'compactionPri must be "minOverlappingRatio" or "roundRobin", got "kByCompensatedSize"',
    );
    expect(msg({ writeBuffersize: 10 })).toContain('unknown LSM config field "writeBuffersize"');
    expect(msg({ blockSizeBytes: '4kb' })).toContain(
      'blockSizeBytes must be an integer, got "4kb"',
    );
    expect(() => createLsmDb({ targetFileSizeBase: 0 })).toThrow(
      /targetFileSizeBase must be at least 1/,
    );
    expect(lsmConfigProblems(null)).toEqual(['LSM config must be an object, got null']);
    // Several problems are reported at once.
    expect(
      lsmConfigProblems({ ...LSM_TEACHING_DEFAULTS, numLevels: 0, blockSizeBytes: -1 }),
    ).toHaveLength(2);
  });

  it('gives each level a byte target growing by the multiplier (static level sizes, as Flink configures)', () => {
    expect(levelTargetBytes(LSM_FLINK_DEFAULTS, 1)).toBe(256 * MB);
    expect(levelTargetBytes(LSM_FLINK_DEFAULTS, 3)).toBe(25600 * MB);
    expect(() => levelTargetBytes(LSM_FLINK_DEFAULTS, 0)).toThrow(/L0/);
  });
});
