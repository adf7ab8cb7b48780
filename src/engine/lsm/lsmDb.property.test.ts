import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clonePlain, digestPlain } from '../core/plainData';
import { compareBytes, prefixSuccessor } from './compareBytes';
import { compactFiles } from './compactFiles';
import type { CompactionResult } from './compactionJob';
import { flushAll, flushOldest } from './flush';
import { get } from './get';
import { fileForKey } from './levels';
import { createColumnFamily, createLsmDb, type LsmDb } from './lsmDb';
import { lsmInvariantViolations } from './lsmInvariants';
import { encodeManifest } from './manifest';
import { liveSstFiles } from './nativeCheckpoint';
import { openDb } from './openDb';
import { pickCompaction } from './pickCompaction';
import { del, put } from './put';
import { runCompaction } from './runCompaction';
import { prefixScan, scan } from './scan';
import { decodeSst } from './decodeSst';
import type { LsmEntry } from './memtable';

// The reference model: per column family, a plain sorted map from key (hex) to value.
type Model = Record<string, Record<string, Uint8Array>>;
const CFS = ['default', 'count', 'window'];
const hex = (b: Uint8Array): string =>
  Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
const unhex = (s: string): Uint8Array =>
  new Uint8Array((s.match(/../g) ?? []).map((h) => parseInt(h, 16)));

function modelRange(
  m: Model,
  cf: string,
  from: Uint8Array | null,
  to: Uint8Array | null,
): [string, string][] {
  return Object.keys(m[cf]!)
    .map(unhex)
    .filter(
      (k) =>
        (from === null || compareBytes(k, from) >= 0) && (to === null || compareBytes(k, to) < 0),
    )
    .sort(compareBytes)
    .map((k) => [hex(k), hex(m[cf]![hex(k)]!)]);
}

const asPairs = (kvs: { key: Uint8Array; value: Uint8Array }[]): [string, string][] =>
  kvs.map((kv) => [hex(kv.key), hex(kv.value)]);

// Bytes drawn from a small alphabet around the unsigned-byte edge cases, so keys collide often.
const byteArb = fc.constantFrom(0x00, 0x01, 0x7f, 0x80, 0xff);
const keyArb = fc.array(byteArb, { maxLength: 3 }).map((a) => new Uint8Array(a));
const valueArb = fc.uint8Array({ maxLength: 12 });
const cfArb = fc.constantFrom(...CFS);

type Cmd =
  | { op: 'put'; cf: string; key: Uint8Array; value: Uint8Array }
  | { op: 'del'; cf: string; key: Uint8Array }
  | { op: 'get'; cf: string; key: Uint8Array }
  | { op: 'flushOldest'; cf: string }
  | { op: 'flushAll' }
  | { op: 'compactFiles'; picks: number[] }
  | { op: 'autoCompact' }
  | { op: 'scan'; cf: string; from: Uint8Array | null; to: Uint8Array | null }
  | { op: 'prefixScan'; cf: string; prefix: Uint8Array }
  | { op: 'reopen' };

const cmdArb: fc.Arbitrary<Cmd> = fc.oneof(
  {
    weight: 12,
    arbitrary: fc.record({
      op: fc.constant('put' as const),
      cf: cfArb,
      key: keyArb,
      value: valueArb,
    }),
  },
  { weight: 4, arbitrary: fc.record({ op: fc.constant('del' as const), cf: cfArb, key: keyArb }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('get' as const), cf: cfArb, key: keyArb }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('flushOldest' as const), cf: cfArb }) },
  { weight: 1, arbitrary: fc.constant({ op: 'flushAll' as const }) },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('compactFiles' as const),
      picks: fc.array(fc.nat(40), { minLength: 1, maxLength: 4 }),
    }),
  },
  { weight: 3, arbitrary: fc.constant({ op: 'autoCompact' as const }) },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('scan' as const),
      cf: cfArb,
      from: fc.option(keyArb),
      to: fc.option(keyArb),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ op: fc.constant('prefixScan' as const), cf: cfArb, prefix: keyArb }),
  },
  { weight: 1, arbitrary: fc.constant({ op: 'reopen' as const }) },
);

const configArb = fc.record({
  writeBufferBytes: fc.integer({ min: 64, max: 160 }),
  maxWriteBufferNumber: fc.integer({ min: 2, max: 3 }),
  blockSizeBytes: fc.integer({ min: 16, max: 48 }),
  level0FileNumCompactionTrigger: fc.integer({ min: 1, max: 4 }),
  maxBytesForLevelBase: fc.integer({ min: 100, max: 400 }),
  maxBytesForLevelMultiplier: fc.integer({ min: 1, max: 3 }),
  targetFileSizeBase: fc.integer({ min: 24, max: 160 }),
  numLevels: fc.integer({ min: 2, max: 5 }),
  compactionPri: fc.constantFrom('minOverlappingRatio' as const, 'roundRobin' as const),
});

/** Paths inside `v` holding anything but plain objects, arrays, primitives and Uint8Arrays. */
function nonPlainPaths(v: unknown, path = 'db'): string[] {
  if (v === null || typeof v !== 'object')
    return typeof v === 'function' ||
      typeof v === 'undefined' ||
      typeof v === 'symbol' ||
      typeof v === 'bigint'
      ? [path]
      : [];
  if (v instanceof Uint8Array)
    return Object.getPrototypeOf(v) === Uint8Array.prototype ? [] : [path];
  const proto = Object.getPrototypeOf(v);
  if (Array.isArray(v))
    return proto === Array.prototype
      ? v.flatMap((x, i) => nonPlainPaths(x, `${path}[${i}]`))
      : [path];
  if (proto !== Object.prototype) return [path];
  return Object.entries(v).flatMap(([k, x]) => nonPlainPaths(x, `${path}.${k}`));
}

// Counts of what the generated runs exercised, asserted at the end so the test cannot go vacuous.
const stats = {
  compactions: 0,
  trivialMoves: 0,
  droppedTombstones: 0,
  keptTombstones: 0,
  refusedCompactFiles: 0,
  reopens: 0,
  maxLevel: 0,
};

/** Checks one compaction against the inputs' decoded entries, independently of the engine's merge. */
function checkCompaction(
  before: LsmDb,
  after: LsmDb,
  result: CompactionResult,
  inputEntries: LsmEntry[][],
): void {
  stats.compactions++;
  if (result.trivialMove) {
    stats.trivialMoves++;
    return;
  }
  const newest: Record<string, LsmEntry> = {};
  for (const es of inputEntries)
    for (const e of es) if ((newest[hex(e.key)]?.seq ?? -1) < e.seq) newest[hex(e.key)] = e;
  const written = result.outputs.flatMap(
    (m) => decodeSst(liveSstFiles(after).find((f) => f.fileNumber === m.fileNumber)!.bytes).entries,
  );
  for (let i = 1; i < written.length; i++)
    expect(compareBytes(written[i - 1]!.key, written[i]!.key)).toBeLessThan(0);
  const writtenByKey: Record<string, LsmEntry> = {};
  for (const e of written) {
    writtenByKey[hex(e.key)] = e;
    expect(newest[hex(e.key)]).toEqual(e);
  }
  for (const [k, e] of Object.entries(newest)) {
    if (e.value !== null) expect(writtenByKey[k]).toEqual(e);
    else if (writtenByKey[k] === undefined) {
      stats.droppedTombstones++;
      expect(existsBelow(before, result, unhex(k))).toBe(false);
    } else {
      stats.keptTombstones++;
      expect(existsBelow(before, result, unhex(k))).toBe(true);
    }
  }
}

/** Whether a file not compacted, beneath the output, held the key (then the tombstone had to stay). */
function existsBelow(db: LsmDb, r: CompactionResult, key: Uint8Array): boolean {
  const cf = db.columnFamilies.find((c) => c.name === r.cf)!;
  const inputs = r.inputs.map((f) => f.fileNumber);
  const minSeq = Math.min(...r.inputs.map((f) => f.smallestSeq));
  for (let level = r.outputLevel + 1; level < cf.levels.length; level++)
    if (fileForKey(cf.levels[level]!, key) !== undefined) return true;
  if (r.outputLevel === 0) {
    return cf.levels[0]!.some(
      (f) =>
        !inputs.includes(f.fileNumber) &&
        f.largestSeq < minSeq &&
        compareBytes(key, f.smallestKey) >= 0 &&
        compareBytes(key, f.largestKey) <= 0,
    );
  }
  return false;
}

describe('LSM DB against a sorted-map model', () => {
  it('answers every read like the model through puts, deletes, flushes, compactions and reopen', () => {
    fc.assert(
      fc.property(
        configArb,
        fc.array(cmdArb, { minLength: 1, maxLength: 200, size: 'max' }),
        (config, cmds) => {
          let db = createLsmDb(config);
          for (const cf of CFS.slice(1)) createColumnFamily(db, cf);
          const model: Model = Object.fromEntries(CFS.map((c) => [c, {}]));
          const written: { n: number; bytes: Uint8Array; digest: string }[] = [];
          const noteNewFiles = (): void => {
            for (const f of liveSstFiles(db)) {
              const seen = written.find((w) => w.n === f.fileNumber);
              if (seen === undefined) {
                // File numbers are handed out in creation order and never reused.
                expect(f.fileNumber).toBeGreaterThan(
                  written.reduce((mx, w) => Math.max(mx, w.n), 0),
                );
                written.push({ n: f.fileNumber, bytes: f.bytes, digest: digestPlain(f.bytes) });
              } else {
                expect(f.bytes).toBe(seen.bytes);
              }
            }
          };
          for (const cmd of cmds) {
            switch (cmd.op) {
              case 'put':
                put(db, cmd.cf, cmd.key, cmd.value);
                model[cmd.cf]![hex(cmd.key)] = cmd.value;
                break;
              case 'del':
                del(db, cmd.cf, cmd.key);
                delete model[cmd.cf]![hex(cmd.key)];
                break;
              case 'get':
                expect(get(db, cmd.cf, cmd.key)).toEqual(model[cmd.cf]![hex(cmd.key)] ?? null);
                break;
              case 'flushOldest':
                flushOldest(db, cmd.cf);
                break;
              case 'flushAll':
                flushAll(db);
                break;
              case 'compactFiles': {
                const live = liveSstFiles(db);
                if (live.length === 0) break;
                const nums = [...new Set(cmd.picks.map((p) => live[p % live.length]!.fileNumber))];
                const snapshot = digestPlain(db);
                const before = clonePlain(db);
                const inputEntries = nums.map(
                  (n) => decodeSst(live.find((f) => f.fileNumber === n)!.bytes).entries,
                );
                let result: CompactionResult;
                try {
                  result = compactFiles(db, nums);
                } catch (e) {
                  // A refused selection (different CFs, or it would reorder writes) leaves the DB untouched.
                  expect((e as Error).message).toMatch(/column family|unsafe/);
                  expect(digestPlain(db)).toBe(snapshot);
                  stats.refusedCompactFiles++;
                  break;
                }
                expect(result.inputs.map((f) => f.fileNumber)).toEqual(
                  [...nums].sort((a, b) => a - b),
                );
                expect(result.outputs.length).toBeLessThanOrEqual(1);
                checkCompaction(before, db, result, inputEntries);
                break;
              }
              case 'autoCompact': {
                for (let guard = 0; guard < 50; guard++) {
                  const plan = pickCompaction(db);
                  if (plan === null) break;
                  const before = clonePlain(db);
                  const live = liveSstFiles(db);
                  const inputEntries = [...plan.inputLevelFiles, ...plan.outputLevelFiles].map(
                    (n) => decodeSst(live.find((f) => f.fileNumber === n)!.bytes).entries,
                  );
                  const result = runCompaction(db, plan);
                  for (const o of result.outputs.slice(0, -1))
                    expect(o.sizeBytes).toBeGreaterThanOrEqual(
                      Math.min(config.targetFileSizeBase, 1),
                    );
                  checkCompaction(before, db, result, inputEntries);
                }
                break;
              }
              case 'scan':
                expect(asPairs(scan(db, cmd.cf, cmd.from, cmd.to))).toEqual(
                  modelRange(model, cmd.cf, cmd.from, cmd.to),
                );
                break;
              case 'prefixScan':
                expect(asPairs(prefixScan(db, cmd.cf, cmd.prefix))).toEqual(
                  modelRange(model, cmd.cf, cmd.prefix, prefixSuccessor(cmd.prefix)),
                );
                break;
              case 'reopen': {
                // Flink's restore: sync-phase flush, native checkpoint, open from the files alone.
                flushAll(db);
                noteNewFiles();
                const files = Object.fromEntries(
                  liveSstFiles(db).map((f) => [f.fileNumber, f.bytes]),
                );
                const reopened = openDb(encodeManifest(db), files);
                expect(liveSstFiles(reopened).map(({ bytes: _b, ...m }) => m)).toEqual(
                  liveSstFiles(db).map(({ bytes: _b, ...m }) => m),
                );
                db = reopened;
                stats.reopens++;
                break;
              }
            }
            noteNewFiles();
            for (const f of liveSstFiles(db)) stats.maxLevel = Math.max(stats.maxLevel, f.level);
            expect(lsmInvariantViolations(db)).toEqual([]);
          }
          for (const cf of CFS)
            expect(asPairs(scan(db, cf, null, null))).toEqual(modelRange(model, cf, null, null));
          // The DB is plain data, and a plain deep copy behaves exactly like the original.
          expect(nonPlainPaths(db)).toEqual([]);
          const copy = clonePlain(db);
          expect(digestPlain(copy)).toBe(digestPlain(db));
          for (const d of [db, copy]) {
            put(d, 'count', new Uint8Array([9]), new Uint8Array([1]));
            flushAll(d);
            for (let p = pickCompaction(d); p !== null; p = pickCompaction(d)) runCompaction(d, p);
          }
          expect(digestPlain(copy)).toBe(digestPlain(db));
          // SST bytes never change once written, even after the file was compacted away.
          for (const w of written) expect(digestPlain(w.bytes)).toBe(w.digest);
        },
      ),
      { numRuns: 200 },
    );
    // The generated runs really exercised the interesting paths.
    expect(stats.compactions).toBeGreaterThan(200);
    expect(stats.trivialMoves).toBeGreaterThan(0);
    expect(stats.droppedTombstones).toBeGreaterThan(0);
    expect(stats.keptTombstones).toBeGreaterThan(0);
    expect(stats.refusedCompactFiles).toBeGreaterThan(0);
    expect(stats.reopens).toBeGreaterThan(0);
    expect(stats.maxLevel).toBeGreaterThanOrEqual(2);
  });
});
