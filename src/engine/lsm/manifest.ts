/**
 * The MANIFEST: RocksDB's record of which SSTs make up the DB, per column family and level,
 * plus the counters that must survive a reopen. A native checkpoint copies it; restore reads it
 * to know which uploaded SSTs to fetch and where each belongs. Written here as one snapshot
 * of VersionEdit-like tagged records, then a CRC-32C over everything before it.
 */
import { ByteReader, ByteWriter } from './byteBuffer';
import { crc32c } from '../codec/crc32c';
import type { LsmConfig } from './lsmConfig';
import { LsmCorruptionError } from './lsmErrors';
import type { LsmDb, SstMeta, SstOrigin } from './lsmDb';
import { decodeOptions, encodeOptions } from './lsmOptionsFile';

/**
 * Name of the MANIFEST in a native checkpoint. RocksDB takes MANIFEST numbers from the same
 * counter as SSTs; here they do not, so SSTs stay numbered 1, 2, 3 … as the lessons show them.
 */
export const MANIFEST_FILE_NAME = 'MANIFEST-000001';
/** "CLABMAN1": this simulator's MANIFEST magic. */
const MAGIC = [0x43, 0x4c, 0x41, 0x42, 0x4d, 0x41, 0x4e, 0x31];
const VERSION = 1;

// Record tags, in the spirit of RocksDB's VersionEdit `Tag` enum.
const TAG_OPTIONS = 1;
const TAG_LAST_SEQUENCE = 2;
const TAG_NEXT_FILE_NUMBER = 3;
const TAG_NEXT_CF_ID = 4;
const TAG_NEXT_MEMTABLE_ID = 5;
const TAG_CF_ADD = 6;
const TAG_COMPACT_POINTER = 7;
const TAG_NEW_FILE = 8;

const ORIGINS: readonly SstOrigin[] = ['flush', 'compaction', 'manualCompaction', 'ingest'];

/** Everything a MANIFEST says, as plain data. */
export interface ManifestContents {
  config: LsmConfig;
  lastSeq: number;
  nextFileNumber: number;
  nextCfId: number;
  nextMemtableId: number;
  /** In creation order. */
  columnFamilies: {
    id: number;
    name: string;
    compactPointers: { level: number; key: Uint8Array }[];
  }[];
  /** Every live SST, by column family then level then position. */
  files: SstMeta[];
}

/** Reused by every `encodeManifest` (each snapshot of each subtask writes one; `finish` copies the bytes out). */
const manifestWriter = new ByteWriter(4096);

/** RocksDB `VersionSet::WriteCurrentStateToManifest`: the DB's column families, levels and files as bytes (memtable contents are not included: there is no WAL). */
export function encodeManifest(db: LsmDb): Uint8Array {
  const w = manifestWriter;
  w.reset();
  for (const b of MAGIC) w.byte(b);
  w.varint(VERSION);
  w.varint(TAG_OPTIONS);
  w.lengthPrefixed(encodeOptions(db.config));
  for (const [tag, n] of [
    [TAG_LAST_SEQUENCE, db.lastSeq],
    [TAG_NEXT_FILE_NUMBER, db.nextFileNumber],
    [TAG_NEXT_CF_ID, db.nextCfId],
    [TAG_NEXT_MEMTABLE_ID, db.nextMemtableId],
  ] as const) {
    w.varint(tag);
    w.varint(n);
  }
  for (const cf of db.columnFamilies) {
    w.varint(TAG_CF_ADD);
    w.varint(cf.id);
    w.string(cf.name);
    cf.compactPointers.forEach((key, level) => {
      if (key === null) return;
      w.varint(TAG_COMPACT_POINTER);
      w.varint(cf.id);
      w.varint(level);
      w.lengthPrefixed(key);
    });
    for (const files of cf.levels) {
      for (const f of files) {
        w.varint(TAG_NEW_FILE);
        for (const n of [
          f.cfId,
          f.level,
          f.fileNumber,
          f.sizeBytes,
          f.entryCount,
          f.tombstoneCount,
          f.smallestSeq,
          f.largestSeq,
        ])
          w.varint(n);
        w.lengthPrefixed(f.smallestKey);
        w.lengthPrefixed(f.largestKey);
        w.byte(ORIGINS.indexOf(f.origin));
        writeNumbers(w, f.inputs);
        writeNumbers(w, f.lineage);
        w.byte(f.lineageTruncated ? 1 : 0);
        w.fixed32(f.checksum);
      }
    }
  }
  w.fixed32(crc32c(w.view()));
  return w.finish();
}

/** RocksDB `VersionSet::Recover`: parses and checks a MANIFEST; any damage is an LsmCorruptionError naming `fileName`. */
export function decodeManifest(bytes: Uint8Array, fileName = MANIFEST_FILE_NAME): ManifestContents {
  if (bytes.length < MAGIC.length + 5)
    throw new LsmCorruptionError(fileName, `only ${bytes.length} bytes, too short for a MANIFEST`);
  for (let i = 0; i < MAGIC.length; i++)
    if (bytes[i] !== MAGIC[i])
      throw new LsmCorruptionError(
        fileName,
        'bad magic number (not a MANIFEST written by this engine)',
      );
  const end = bytes.length - 4;
  const stored = new ByteReader(bytes, fileName, end).fixed32();
  const actual = crc32c(bytes, 0, end);
  if (stored !== actual)
    throw new LsmCorruptionError(
      fileName,
      `checksum mismatch (stored ${stored.toString(16)}, computed ${actual.toString(16)})`,
    );
  const r = new ByteReader(bytes, fileName, MAGIC.length, end);
  const version = r.varint();
  if (version !== VERSION)
    r.fail(`unsupported MANIFEST version ${version} (this engine writes ${VERSION})`);
  let config: LsmConfig | null = null;
  const counters: Record<number, number> = {};
  const cfs: ManifestContents['columnFamilies'] = [];
  const files: SstMeta[] = [];
  const cfById = (id: number): ManifestContents['columnFamilies'][number] =>
    cfs.find((c) => c.id === id) ??
    r.fail(`record refers to column family id ${id} before it was added`);
  while (!r.done) {
    const tag = r.varint();
    switch (tag) {
      case TAG_OPTIONS:
        config = decodeOptions(r.lengthPrefixed(), `${fileName} (embedded OPTIONS)`);
        break;
      case TAG_LAST_SEQUENCE:
      case TAG_NEXT_FILE_NUMBER:
      case TAG_NEXT_CF_ID:
      case TAG_NEXT_MEMTABLE_ID:
        counters[tag] = r.varint();
        break;
      case TAG_CF_ADD: {
        const id = r.varint();
        const name = r.string();
        if (cfs.some((c) => c.id === id || c.name === name))
          r.fail(`column family ${id} "${name}" is added twice`);
        cfs.push({ id, name, compactPointers: [] });
        break;
      }
      case TAG_COMPACT_POINTER: {
        const cf = cfById(r.varint());
        cf.compactPointers.push({ level: r.varint(), key: r.lengthPrefixed() });
        break;
      }
      case TAG_NEW_FILE: {
        const [
          cfId,
          level,
          fileNumber,
          sizeBytes,
          entryCount,
          tombstoneCount,
          smallestSeq,
          largestSeq,
        ] = Array.from({ length: 8 }, () => r.varint()) as [
          number,
          number,
          number,
          number,
          number,
          number,
          number,
          number,
        ];
        cfById(cfId);
        const smallestKey = r.lengthPrefixed();
        const largestKey = r.lengthPrefixed();
        const origin = ORIGINS[r.byte()] ?? r.fail(`file ${fileNumber} has an unknown origin code`);
        const inputs = readNumbers(r);
        const lineage = readNumbers(r);
        const lineageTruncated = r.byte() === 1;
        const checksum = r.fixed32();
        if (files.some((f) => f.fileNumber === fileNumber))
          r.fail(`file ${fileNumber} is listed twice`);
        files.push({
          fileNumber,
          cfId,
          level,
          smallestKey,
          largestKey,
          smallestSeq,
          largestSeq,
          entryCount,
          tombstoneCount,
          sizeBytes,
          origin,
          inputs,
          lineage,
          lineageTruncated,
          checksum,
        });
        break;
      }
      default:
        r.fail(`unknown record tag ${tag} at byte ${r.pos}`);
    }
  }
  const cfg = config ?? r.fail('no OPTIONS record');
  const need = (tag: number, what: string): number => counters[tag] ?? r.fail(`no ${what} record`);
  const m: ManifestContents = {
    config: cfg,
    lastSeq: need(TAG_LAST_SEQUENCE, 'last sequence'),
    nextFileNumber: need(TAG_NEXT_FILE_NUMBER, 'next file number'),
    nextCfId: need(TAG_NEXT_CF_ID, 'next column family id'),
    nextMemtableId: need(TAG_NEXT_MEMTABLE_ID, 'next memtable id'),
    columnFamilies: cfs,
    files,
  };
  for (const f of files) {
    if (f.fileNumber >= m.nextFileNumber)
      r.fail(`file ${f.fileNumber} is not below the next file number ${m.nextFileNumber}`);
    if (f.largestSeq > m.lastSeq)
      r.fail(
        `file ${f.fileNumber} holds sequence ${f.largestSeq}, beyond the last sequence ${m.lastSeq}`,
      );
    if (f.level >= cfg.numLevels)
      r.fail(`file ${f.fileNumber} is at L${f.level}, but the DB has ${cfg.numLevels} levels`);
  }
  return m;
}

function writeNumbers(w: ByteWriter, ns: readonly number[]): void {
  w.varint(ns.length);
  for (const n of ns) w.varint(n);
}

function readNumbers(r: ByteReader): number[] {
  const count = r.varint();
  if (count > r.end - r.pos)
    r.fail(`a list of ${count} numbers cannot fit in the remaining ${r.end - r.pos} bytes`);
  return Array.from({ length: count }, () => r.varint());
}
