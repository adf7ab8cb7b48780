/**
 * A RocksDB subtask's LSM per column family (one per state): the active memtable filling up,
 * sealed memtables waiting for a flush, and SSTs by level with their file numbers, sizes and
 * compaction lineage `(1,2,3)`. Files created or compacted away by the step at the cursor are
 * marked, so flushes and compactions are visible when stepping.
 */
import { useMemo } from 'react';
import { rocksDbColumnFamilyViews, type RocksDbKeyView, type RocksDbSstView } from '../../engine';
import { useT } from '../../i18n/useT';
import { formatBytes } from '../format';
import { useViewCursor, useViewEvents, useViewState } from '../panelPace';
import { useAppStore } from '../../store/appStore';
import { selectStepBeforeShown } from '../usePrefersReducedMotion';

/** A key as the tooltip shows it: the user key (and map key), or its bytes' length when it does not decode. */
function showKey(k: RocksDbKeyView): string {
  if (k.key === null) return `(${k.bytes.length} B)`;
  const key = typeof k.key === 'string' ? k.key : String(k.key);
  return k.userKey === undefined ? key : `${key}/${String(k.userKey)}`;
}

function SstChip({ f, isNew, reused, mergedInto }: { f: RocksDbSstView; isNew: boolean; reused: boolean; mergedInto?: number[] }) {
  const t = useT();
  const lineage = f.inputs.length > 0 ? ` (${f.inputs.join(',')})` : '';
  const kgFrom = f.smallestKey.keyGroup ?? '?';
  const kgTo = f.largestKey.keyGroup ?? '?';
  const compressed = f.compressedBlocks > 0;
  const title =
    t('sstTitle', { file: f.fileName, entries: f.entryCount, first: showKey(f.smallestKey), last: showKey(f.largestKey), kgFrom, kgTo, from: f.smallestSeq, to: f.largestSeq }) +
    '\n' +
    (compressed
      ? t('sstCompressedTitle', { raw: f.rawSizeBytes, stored: f.sizeBytes, ratio: (f.sizeBytes / f.rawSizeBytes).toFixed(2), blocks: f.compressedBlocks, of: f.blockCount })
      : t('sstRawTitle', { size: f.sizeBytes, of: f.blockCount }));
  return (
    <span className={`sst${isNew ? ' new' : ''}${reused ? ' reused' : ''}${mergedInto ? ' merged' : ''}`} title={title} data-testid={mergedInto ? 'sst-merged' : 'sst'}>
      <b>{f.fileNumber}</b>
      {lineage}
      {/* Keys sort by key group first, so a file's key range reads as a key-group range. */}
      <small className="sst-range" data-testid="sst-range">
        {t('sstKeyGroups', { from: kgFrom, to: kgTo })}
      </small>
      <small data-testid="sst-size">
        {compressed ? t('sstCompressedSize', { raw: formatBytes(f.rawSizeBytes), stored: formatBytes(f.sizeBytes) }) : formatBytes(f.sizeBytes)}
      </small>
      {mergedInto && <small className="merged-into">→ {mergedInto.join(',')}</small>}
    </span>
  );
}

export function LsmView({ task }: { task: string }) {
  const t = useT();
  const state = useViewState();
  const events = useViewEvents();
  const keyed = state.job.keyed[task];
  const views = useMemo(() => (keyed?.backend.type === 'rocksdb' ? rocksDbColumnFamilyViews(keyed.backend.rocks) : []), [keyed]);
  const writeBuffer = state.scenario.stateBackend.rocksdb.writeBufferBytes;
  // Compaction at this step: its inputs, as they were one step earlier, shown fading into the output.
  const timeline = useAppStore((s) => s.timeline);
  const cursor = useViewCursor();
  // Playing fast, or catching up after it, the compaction's inputs are not looked up one step back
  // (selectStepBeforeShown): only its outputs are marked.
  const marked = useAppStore(selectStepBeforeShown);
  const merged = useMemo(() => {
    const out = new Map<string, { f: RocksDbSstView; level: number; into: number[] }[]>();
    const done = events.filter((e) => e.task === task && e.type === 'compaction.finished');
    if (done.length === 0 || cursor === 0 || !marked) return out;
    const prev = timeline.stateAt(cursor - 1).job.keyed[task];
    if (prev?.backend.type !== 'rocksdb') return out;
    for (const cf of rocksDbColumnFamilyViews(prev.backend.rocks))
      for (const l of cf.levels)
        for (const f of l.files)
          for (const e of done)
            if (e.type === 'compaction.finished' && e.cf === cf.columnFamily && !e.trivialMove && e.inputs.includes(f.fileNumber))
              out.set(cf.columnFamily, [...(out.get(cf.columnFamily) ?? []), { f, level: l.level, into: e.outputs }]);
    return out;
  }, [events, task, timeline, cursor, marked]);
  const fresh = useMemo(() => {
    const s = new Set<number>();
    for (const e of events) {
      if (e.task !== task) continue;
      if (e.type === 'sst.flushed') s.add(e.sst);
      if (e.type === 'compaction.finished') for (const o of e.outputs) s.add(o);
    }
    return s;
  }, [events, task]);
  // SSTs the last confirmed incremental checkpoint uploaded: the next one references them as placeholders.
  const confirmed = new Set(state.job.checkpointing[task]?.incremental?.confirmed?.ssts.map((x) => x.sst) ?? []);
  if (!keyed || keyed.backend.type !== 'rocksdb') return null;
  return (
    <div className="lsm" data-testid="lsm-view">
      {views.map((cf) => (
        <div key={cf.columnFamily} className="cf">
          <div className="cf-name mono">
            {t('columnFamily')} “{cf.columnFamily}”
          </div>
          <div className="memtables">
            <div className="memtable active" title={t('activeMemtable')}>
              <span>MemTable {cf.active.id}</span>
              <span className="fill" style={{ width: `${Math.min(100, (100 * cf.active.bytes) / writeBuffer)}%` }} />
              <small>
                {formatBytes(cf.active.bytes)} / {formatBytes(writeBuffer)}
              </small>
            </div>
            {cf.immutables.map((m) => (
              <div key={m.id} className="memtable sealed" title={t('sealedMemtable')}>
                <span>MemTable {m.id} 🔒</span>
                <small>{formatBytes(m.bytes)}</small>
              </div>
            ))}
          </div>
          {cf.levels
            .filter((l) => l.files.length > 0 || l.level === 0 || merged.get(cf.columnFamily)?.some((m) => m.level === l.level))
            .map((l) => (
              <div key={l.level} className="level">
                <span className="level-name">L{l.level}</span>
                <span className="level-files">
                  {l.files.length === 0 && !merged.get(cf.columnFamily)?.some((m) => m.level === l.level) ? <span className="muted small">—</span> : l.files.map((f) => <SstChip key={f.fileNumber} f={f} isNew={fresh.has(f.fileNumber)} reused={confirmed.has(f.fileNumber)} />)}
                  {merged
                    .get(cf.columnFamily)
                    ?.filter((m) => m.level === l.level)
                    .map((m) => <SstChip key={`merged-${m.f.fileNumber}`} f={m.f} isNew={false} reused={false} mergedInto={m.into} />)}
                </span>
                <span className="muted small">{l.level === 0 ? `${l.files.length}/${l.target ?? '–'}` : formatBytes(l.bytes)}</span>
              </div>
            ))}
        </div>
      ))}
      <p className="muted small">{t('lsmLegend')}</p>
      <p className="muted small" data-testid="lsm-compression-note">
        {t('lsmCompressionNote', { perLevel: state.scenario.stateBackend.rocksdb.compressionPerLevel.join(';') })}
      </p>
    </div>
  );
}
