/**
 * Restore path (RocksDB `DB::Open` on a directory Flink downloaded from a checkpoint): rebuild a
 * DB from its MANIFEST and SST bytes alone, verifying every file before trusting it.
 */
import { compareBytes } from './compareBytes';
import { addFileToLevel } from './levels';
import { validateLsmConfig, type LsmConfig } from './lsmConfig';
import { LsmCorruptionError, LsmMissingFileError } from './lsmErrors';
import { LSM_DB_FORMAT, type ColumnFamily, type LsmDb } from './lsmDb';
import { decodeManifest, MANIFEST_FILE_NAME } from './manifest';
import { createMemtable } from './memtable';
import { sstFileFromParts } from './sstFile';
import { readSstFooter } from './decodeSst';
import { sstFileName } from './sstFormat';

export interface OpenDbOptions {
  /**
   * Options to run with instead of the recorded ones: Flink opens a restored DB with the
   * restoring job's configuration, not the OPTIONS file of the checkpoint.
   */
  config?: Partial<LsmConfig>;
  /** Name used in error messages for the MANIFEST. */
  manifestFileName?: string;
}

/** RocksDB `DB::Open` for restore: a DB equal to the one that wrote `manifestBytes`, with empty memtables. Missing or damaged files are errors naming them. */
export function openDb(
  manifestBytes: Uint8Array,
  sstBytesByNumber: Readonly<Record<number, Uint8Array>>,
  options: OpenDbOptions = {},
): LsmDb {
  const manifestName = options.manifestFileName ?? MANIFEST_FILE_NAME;
  const m = decodeManifest(manifestBytes, manifestName);
  const config =
    options.config === undefined ? m.config : validateLsmConfig({ ...m.config, ...options.config });
  const deepest = Math.max(-1, ...m.files.map((f) => f.level));
  if (deepest >= config.numLevels)
    throw new RangeError(
      `openDb: the MANIFEST has files at L${deepest}, but the config allows only ${config.numLevels} levels`,
    );
  const db: LsmDb = {
    format: LSM_DB_FORMAT,
    config,
    lastSeq: m.lastSeq,
    nextFileNumber: m.nextFileNumber,
    nextMemtableId: m.nextMemtableId,
    nextCfId: m.nextCfId,
    columnFamilies: [],
  };
  for (const c of m.columnFamilies) {
    const cf: ColumnFamily = {
      id: c.id,
      name: c.name,
      active: createMemtable(db.nextMemtableId++),
      immutables: [],
      levels: Array.from({ length: config.numLevels }, () => []),
      compactPointers: Array.from({ length: config.numLevels }, () => null),
    };
    for (const p of c.compactPointers)
      if (p.level < config.numLevels) cf.compactPointers[p.level] = p.key;
    db.columnFamilies.push(cf);
  }
  for (const meta of m.files) {
    const name = sstFileName(meta.fileNumber);
    const cf = db.columnFamilies.find((c) => c.id === meta.cfId)!;
    const bytes = sstBytesByNumber[meta.fileNumber];
    if (bytes === undefined)
      throw new LsmMissingFileError(
        name,
        `${manifestName} lists it in column family "${cf.name}" at L${meta.level}, but no bytes were supplied for file ${meta.fileNumber}`,
      );
    if (!(bytes instanceof Uint8Array))
      throw new TypeError(`openDb: bytes for file ${meta.fileNumber} must be a Uint8Array`);
    const { footer, blocks, checksum } = readSstFooter(bytes, name);
    const mismatch =
      footer.fileNumber !== meta.fileNumber
        ? `it says it is file ${footer.fileNumber}`
        : footer.cfId !== meta.cfId
          ? `it belongs to column family id ${footer.cfId}, the MANIFEST says ${meta.cfId}`
          : bytes.length !== meta.sizeBytes
            ? `it has ${bytes.length} bytes, the MANIFEST says ${meta.sizeBytes}`
            : checksum !== meta.checksum
              ? 'its checksum differs from the one in the MANIFEST'
              : footer.entryCount !== meta.entryCount ||
                  footer.smallestSeq !== meta.smallestSeq ||
                  footer.largestSeq !== meta.largestSeq
                ? 'its entry count or sequence range differs from the MANIFEST'
                : compareBytes(footer.smallestKey, meta.smallestKey) !== 0 ||
                    compareBytes(footer.largestKey, meta.largestKey) !== 0
                  ? 'its key range differs from the MANIFEST'
                  : null;
    if (mismatch !== null)
      throw new LsmCorruptionError(name, `does not match ${manifestName}: ${mismatch}`);
    const file = sstFileFromParts(bytes, footer, blocks, checksum, meta.level, {
      origin: meta.origin,
      inputs: meta.inputs,
      lineage: { lineage: meta.lineage, lineageTruncated: meta.lineageTruncated },
    });
    addFileToLevel(cf, file);
  }
  for (const cf of db.columnFamilies) {
    for (let level = 1; level < cf.levels.length; level++) {
      const files = cf.levels[level]!;
      for (let i = 1; i < files.length; i++) {
        if (compareBytes(files[i - 1]!.largestKey, files[i]!.smallestKey) >= 0) {
          throw new LsmCorruptionError(
            manifestName,
            `files ${files[i - 1]!.fileNumber} and ${files[i]!.fileNumber} overlap in L${level} of column family "${cf.name}"`,
          );
        }
      }
    }
  }
  return db;
}
