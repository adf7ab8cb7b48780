/**
 * Structural consistency checks (RocksDB `force_consistency_checks` / `VersionStorageInfo`
 * checks). Cheap enough to run after every step in tests and dev builds; a non-empty result
 * means an engine bug, never a user error.
 */
import { bytesEqual, compareBytes } from './compareBytes';
import { blockCount, blockLastKey, blockOffset, blockSize } from './sstBlockIndex';
import { crc32c } from '../codec/crc32c';
import { lsmConfigProblems } from './lsmConfig';
import type { LsmDb } from './lsmDb';

/** Every broken invariant of the DB, as messages (empty when consistent). `verifyChecksums` also re-reads every SST's bytes. */
export function lsmInvariantViolations(db: LsmDb, verifyChecksums = false): string[] {
  const out: string[] = [];
  for (const p of lsmConfigProblems(db.config)) out.push(`config: ${p}`);
  const seenFiles: number[] = [];
  const seenCfs: string[] = [];
  for (const cf of db.columnFamilies) {
    const where = `cf "${cf.name}"`;
    if (seenCfs.includes(cf.name)) out.push(`${where}: name used twice`);
    seenCfs.push(cf.name);
    if (cf.id >= db.nextCfId) out.push(`${where}: id ${cf.id} not below nextCfId ${db.nextCfId}`);
    if (cf.levels.length !== db.config.numLevels)
      out.push(`${where}: ${cf.levels.length} levels, config says ${db.config.numLevels}`);
    if (cf.immutables.length > db.config.maxWriteBufferNumber - 1)
      out.push(
        `${where}: ${cf.immutables.length} immutable memtables exceed maxWriteBufferNumber - 1`,
      );
    for (const mt of [cf.active, ...cf.immutables]) {
      for (let i = 0; i < mt.entries.length; i++) {
        const e = mt.entries[i]!;
        if (i > 0 && compareBytes(mt.entries[i - 1]!.key, e.key) >= 0)
          out.push(`${where}: memtable ${mt.id} not sorted at entry ${i}`);
        if (e.seq > db.lastSeq || e.seq < 1)
          out.push(`${where}: memtable ${mt.id} entry seq ${e.seq} outside 1..${db.lastSeq}`);
      }
    }
    cf.levels.forEach((files, level) => {
      for (let i = 0; i < files.length; i++) {
        const f = files[i]!;
        const at = `${where} L${level} file ${f.fileNumber}`;
        if (seenFiles.includes(f.fileNumber)) out.push(`${at}: file number used twice`);
        seenFiles.push(f.fileNumber);
        if (f.level !== level) out.push(`${at}: says it is at L${f.level}`);
        if (f.cfId !== cf.id) out.push(`${at}: says it belongs to cf id ${f.cfId}`);
        if (f.fileNumber < 1 || f.fileNumber >= db.nextFileNumber)
          out.push(`${at}: number outside 1..${db.nextFileNumber - 1}`);
        if (f.largestSeq > db.lastSeq || f.smallestSeq > f.largestSeq)
          out.push(`${at}: bad sequence range ${f.smallestSeq}..${f.largestSeq}`);
        if (f.sizeBytes !== f.bytes.length)
          out.push(`${at}: size ${f.sizeBytes} but ${f.bytes.length} bytes`);
        if (compareBytes(f.smallestKey, f.largestKey) > 0) out.push(`${at}: inverted key range`);
        const blocks = blockCount(f.blockIndex);
        if (blocks === 0 || !bytesEqual(blockLastKey(f.blockIndex, blocks - 1), f.largestKey))
          out.push(`${at}: the block index does not end at the largest key`);
        else if (blockOffset(f.blockIndex, blocks - 1) + blockSize(f.blockIndex, blocks - 1) > f.blockData.length)
          out.push(`${at}: the block index points past the block data`);
        if (verifyChecksums && crc32c(f.bytes, 0, f.bytes.length - 12) !== f.checksum)
          out.push(`${at}: bytes no longer match their checksum`);
        const prev = files[i - 1];
        if (prev === undefined) continue;
        if (level === 0 && prev.largestSeq >= f.largestSeq)
          out.push(`${at}: L0 not ordered by largest sequence`);
        if (level > 0 && compareBytes(prev.largestKey, f.smallestKey) >= 0)
          out.push(`${at}: overlaps file ${prev.fileNumber}`);
      }
    });
  }
  return out;
}
