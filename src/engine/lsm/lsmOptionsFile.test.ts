import { describe, expect, it } from 'vitest';
import { utf8Encode } from './byteBuffer';
import { LSM_FLINK_DEFAULTS, LSM_TEACHING_DEFAULTS } from './lsmConfig';
import { decodeCurrent, decodeOptions, encodeCurrent, encodeOptions } from './lsmOptionsFile';

describe('OPTIONS and CURRENT files', () => {
  it('writes the options under RocksDB names and reads them back', () => {
    for (const config of [
      LSM_TEACHING_DEFAULTS,
      LSM_FLINK_DEFAULTS,
      { ...LSM_TEACHING_DEFAULTS, compactionPri: 'roundRobin' as const },
    ]) {
      expect(decodeOptions(encodeOptions(config))).toEqual(config);
    }
    const text = new TextDecoder().decode(encodeOptions(LSM_FLINK_DEFAULTS));
    expect(text).toContain('[CFOptions "default"]');
    expect(text).toContain('write_buffer_size=67108864');
    expect(text).toContain('max_bytes_for_level_base=268435456');
    expect(text).toContain('level_compaction_dynamic_level_bytes=false');
    expect(text).toContain('compaction_pri=kMinOverlappingRatio');
    expect(text).toMatch(/\[TableOptions\/BlockBasedTable "default"\]\n {2}block_size=4096/);
  });

  it('rejects broken OPTIONS text naming the file and the line', () => {
    const good = new TextDecoder().decode(encodeOptions(LSM_TEACHING_DEFAULTS));
    expect(() =>
      decodeOptions(utf8Encode(good.replace('num_levels=7', 'num_levels=seven'))),
    ).toThrow(/^OPTIONS-000001 is corrupt: line \d+: num_levels is not a number: "seven"/);
    expect(() =>
      decodeOptions(utf8Encode(good.replace('num_levels=7', 'num_levels=1')), 'chk-3/OPTIONS'),
    ).toThrow(/^chk-3\/OPTIONS is corrupt: Invalid LSM config: numLevels must be at least 2/);
    expect(() => decodeOptions(utf8Encode(good.replace(/ {2}block_size=\d+\n/, '')))).toThrow(
      'OPTIONS-000001 is corrupt: missing block_size',
    );
  });

  it('points CURRENT at the MANIFEST', () => {
    expect(decodeCurrent(encodeCurrent('MANIFEST-000042'))).toBe('MANIFEST-000042');
    expect(() => encodeCurrent('000001.sst')).toThrow(/expected a name like "MANIFEST-000001"/);
    expect(() => decodeCurrent(utf8Encode('garbage'))).toThrow(
      'CURRENT is corrupt: expected "MANIFEST-<number>" and a newline, got "garbage"',
    );
  });
});
