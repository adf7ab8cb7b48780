/**
 * Browser side of the IndexedDB benchmark (bundled by bench/idb.bench.ts, run in Chromium).
 *
 * One `runOnce` writes the same checkpoint files twice, through the app's StorageMirror and as
 * plain `{key, bytes}` records with idb, then reads them back both ways. The raw run is the
 * floor: what IndexedDB itself costs for these bytes, so the ratio isolates the mirror's own
 * overhead (records, digests, validation). Both sides get fresh databases and fresh byte arrays
 * (the digest cache is keyed by array identity, and a warm cache would flatter the mirror).
 */
import { deleteDB, openDB, type IDBPDatabase } from 'idb';
import type { StorageOp, StoredFile, StoredFileMeta } from '../../src/engine/storage/remoteStorage';
import { openPersistence, RESTORE_READ_OPTIONS, type StorageMirror } from '../../src/persistence';

/** What the Node side asks for (sizes and counts live in idb.bench.ts). */
export interface IdbBenchConfig {
  fileCount: number;
  minBytes: number;
  maxBytes: number;
  /** Files are split evenly over this many batches, one per checkpoint. */
  checkpoints: number;
  /** Each read-back is repeated this many times per run (reads leave the data unchanged). */
  readRounds: number;
  seed: number;
}

/** One repetition's timings (ms, from performance.now() in the page; reads per round) and what was moved. */
export interface IdbBenchRun {
  files: number;
  bytes: number;
  mirrorWriteMs: number;
  rawWriteMs: number;
  mirrorReadMs: number;
  /** One getAll over the whole store: the fastest way IndexedDB hands back these records. */
  rawGetAllMs: number;
  /** One get per key in one transaction: the same access pattern as readFiles. */
  rawGetsMs: number;
  /** StorageMirror.listFiles of the whole session (no bytes), per round. */
  mirrorListMs: number;
  /** StorageMirror.reconcile to the files it already holds (reads the listing, writes nothing), per round. */
  mirrorReconcileMs: number;
}

interface BenchFile {
  path: string;
  bytes: Uint8Array;
  meta: StoredFileMeta;
}

const MIRROR_DB = 'idb-bench-mirror';
const RAW_DB = 'idb-bench-raw';
const SESSION = 'bench-session';

/** Deterministic xorshift bytes: incompressible like real SST blocks, reproducible across runs. */
function makeCheckpoints(cfg: IdbBenchConfig): BenchFile[][] {
  let x = cfg.seed >>> 0 || 1;
  const next = (): number => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return x >>> 0;
  };
  const perCheckpoint = Math.ceil(cfg.fileCount / cfg.checkpoints);
  const batches: BenchFile[][] = [];
  for (let i = 0; i < cfg.fileCount; i++) {
    const cp = Math.floor(i / perCheckpoint);
    const size = cfg.minBytes + (next() % (cfg.maxBytes - cfg.minBytes + 1));
    const words = new Uint32Array(Math.ceil(size / 4));
    for (let w = 0; w < words.length; w++) words[w] = next();
    // A buffer of exactly `size` bytes, so the mirror's ownBytes() need not copy it.
    const bytes = new Uint8Array(words.buffer.slice(0, size));
    const task = `window#${i % 4}`;
    const meta: StoredFileMeta = { scope: 'shared', kind: 'sst', task, checkpointId: cp + 1, writtenAtMs: (cp + 1) * 1000, sst: i };
    (batches[cp] ??= []).push({ path: `chk-${cp + 1}/shared/${task}/${String(i).padStart(6, '0')}.sst`, bytes, meta });
  }
  return batches;
}

/** One applyOps (one transaction) per checkpoint, awaited before the next, as the app's SerialQueue does. */
async function mirrorWrite(mirror: StorageMirror, batch: BenchFile[]): Promise<void> {
  const ops: StorageOp[] = batch.map((f) => ({ op: 'put', path: f.path, bytes: f.bytes, meta: f.meta }));
  await mirror.applyOps(SESSION, ops);
}

/** The floor: one readwrite transaction per checkpoint, a bare `{key, bytes}` put per file. */
async function rawWrite(db: IDBPDatabase, batch: BenchFile[]): Promise<void> {
  const tx = db.transaction('raw', 'readwrite');
  for (const f of batch) void tx.store.put({ key: f.path, bytes: f.bytes });
  await tx.done;
}

function sumBytes(values: Iterable<Uint8Array>): number {
  let n = 0;
  for (const b of values) n += b.length;
  return n;
}

/** How long `fn` took, in ms. */
async function timed(fn: () => Promise<void>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

/** Runs `sides` one after another, starting at a different one for each `turn`. */
async function inTurn(turn: number, sides: (() => Promise<void>)[]): Promise<void> {
  for (let k = 0; k < sides.length; k++) await sides[(turn + k) % sides.length]!();
}

async function freshDatabases(): Promise<void> {
  await deleteDB(MIRROR_DB);
  await deleteDB(RAW_DB);
}

/** One repetition on fresh databases; `mirrorFirst` alternates so neither side always runs cold. */
async function runOnce(cfg: IdbBenchConfig, mirrorFirst: boolean): Promise<IdbBenchRun> {
  await freshDatabases();
  const opened = await openPersistence({ name: MIRROR_DB, appVersion: 'bench' });
  if (!opened.durable) throw new Error(`IndexedDB mirror unavailable: ${opened.notice ?? 'unknown reason'}`);
  const mirror = opened.mirror;
  const raw = await openDB(RAW_DB, 1, { upgrade: (db) => db.createObjectStore('raw', { keyPath: 'key' }) });
  try {
    // Separate byte arrays per side: each side digests/clones bytes nobody has touched yet.
    const mirrorData = makeCheckpoints(cfg);
    const rawData = makeCheckpoints(cfg);
    const paths = mirrorData.flat().map((f) => f.path);
    const bytes = sumBytes(mirrorData.flat().map((f) => f.bytes));

    // Batch by batch, alternating which side goes first: the machine's background load (other
    // processes, LevelDB compactions) then falls on both sides alike instead of on one run.
    let mirrorWriteMs = 0;
    let rawWriteMs = 0;
    for (let i = 0; i < mirrorData.length; i++) {
      await inTurn(i + (mirrorFirst ? 0 : 1), [
        async () => void (mirrorWriteMs += await timed(() => mirrorWrite(mirror, mirrorData[i]!))),
        async () => void (rawWriteMs += await timed(() => rawWrite(raw, rawData[i]!))),
      ]);
    }

    // Each way of reading everything back, several rounds in rotating order, for the same reason.
    const readMs = { mirror: 0, getAll: 0, gets: 0 };
    const check = (got: number, how: string): void => {
      // Every side must return every byte, or its figure means nothing.
      if (got !== bytes) throw new Error(`${how} read back ${got} bytes, ${bytes} were written`);
    };
    for (let round = 0; round < cfg.readRounds; round++) {
      await inTurn(round + (mirrorFirst ? 0 : 1), [
        async () => {
          let files = new Map<string, Uint8Array>();
          // The same read the app's restore makes (see RESTORE_READ_OPTIONS).
          readMs.mirror += await timed(async () => void (files = await mirror.readFiles(SESSION, paths, RESTORE_READ_OPTIONS)));
          check(sumBytes(files.values()), 'readFiles');
        },
        async () => {
          let records: { bytes: Uint8Array }[] = [];
          readMs.getAll += await timed(async () => void (records = (await raw.getAll('raw')) as { bytes: Uint8Array }[]));
          check(sumBytes(records.map((r) => r.bytes)), 'getAll');
        },
        async () => {
          let records: { bytes: Uint8Array }[] = [];
          readMs.gets += await timed(async () => {
            const tx = raw.transaction('raw', 'readonly');
            records = (await Promise.all(paths.map((p) => tx.store.get(p)))) as { bytes: Uint8Array }[];
            await tx.done;
          });
          check(sumBytes(records.map((r) => r.bytes)), 'gets');
        },
      ]);
    }
    // Listing and a no-op reconcile (what every seek costs), mirror only: figures, not ratios.
    const model: Record<string, StoredFile> = {};
    for (const f of mirrorData.flat()) model[f.path] = f;
    let listMs = 0;
    let reconcileMs = 0;
    for (let round = 0; round < cfg.readRounds; round++) {
      let listed = 0;
      listMs += await timed(async () => void (listed = (await mirror.listFiles(SESSION)).length));
      if (listed !== paths.length) throw new Error(`listFiles listed ${listed} files, ${paths.length} were written`);
      let unchanged = 0;
      reconcileMs += await timed(async () => void ({ unchanged } = await mirror.reconcile(SESSION, model)));
      if (unchanged !== paths.length) throw new Error(`reconcile found ${unchanged} of ${paths.length} files unchanged`);
    }
    const perRound = (ms: number): number => ms / cfg.readRounds;
    return {
      files: paths.length,
      bytes,
      mirrorWriteMs,
      rawWriteMs,
      mirrorReadMs: perRound(readMs.mirror),
      rawGetAllMs: perRound(readMs.getAll),
      rawGetsMs: perRound(readMs.gets),
      mirrorListMs: perRound(listMs),
      mirrorReconcileMs: perRound(reconcileMs),
    };
  } finally {
    mirror.close();
    raw.close();
    await freshDatabases();
  }
}

/** What the page exposes to page.evaluate. */
export interface IdbBenchApi {
  runOnce: typeof runOnce;
}

(globalThis as unknown as { idbBench: IdbBenchApi }).idbBench = { runOnce };
