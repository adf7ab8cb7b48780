/**
 * One row per new subtask of a keyed operator: its key groups, the old handles it reads, how it
 * rebuilds its state, and (once restored at the cursor) what it downloaded, the entries it holds
 * and its restore time split into download and replay, drawn on one shared d3 scale.
 */
import { scaleLinear } from 'd3';
import { formatKeyGroupRange, type EventOf } from '../../engine';
import type { Translate } from '../../i18n/useT';
import type { MessageKey } from '../../i18n/messages';
import { formatBytes } from '../format';
import { oldColor } from './KeyGroupMap';
import type { KeyedPlan, NestedRebuild, Rebuild } from './restorePlan';
import type { RestoreProgress } from './restoreProgress';

const MAT: Record<NestedRebuild, MessageKey> = {
  none: 'rsMatNone',
  full: 'rsMatFull',
  sstReuse: 'rsMatSstReuse',
  sstCopy: 'rsMatSstCopy',
};

export function rebuildText(t: Translate, r: Rebuild): { label: string; title: string } {
  switch (r.kind) {
    case 'none':
      return { label: t('rsRebuildNone'), title: t('rsRebuildNone') };
    case 'full':
      return { label: t('rsRebuildFull'), title: t('rsRebuildFullTitle', { n: r.handles }) };
    case 'sstReuse':
      return { label: t('rsRebuildSstReuse'), title: t('rsRebuildSstReuseTitle') };
    case 'sstCopy':
      return {
        label: t('rsRebuildSstCopy', { n: r.instances }),
        title: t('rsRebuildSstCopyTitle'),
      };
    case 'changelog':
      return {
        label: t('rsRebuildChangelog', { base: t(MAT[r.materialized]) }),
        title: t('rsRebuildChangelogTitle'),
      };
  }
}

const SRC_REASON: Record<Exclude<EventOf<'restore.localState'>['reason'], 'found'>, MessageKey> = {
  'no-local-copy': 'rsSrcNoCopy',
  'other-key-groups': 'rsSrcRescaled',
  changelog: 'rsSrcChangelog',
};

const BAR_W = 40;

export function RestoreSubtasks({
  plan,
  progress,
  t,
  onGoTo,
  sources,
}: {
  plan: KeyedPlan;
  progress: RestoreProgress;
  t: Translate;
  onGoTo: (pos: number) => void;
  /** Local recovery: each subtask's `restore.localState` (it comes in the step of its restore). */
  sources?: ReadonlyMap<string, EventOf<'restore.localState'>>;
}) {
  const restoredEvents = plan.subtasks.flatMap((s) => progress.tasks.get(s.task)?.event ?? []);
  const maxMs = Math.max(1, ...restoredEvents.map((e) => e.downloadMs + e.replayMs));
  const w = scaleLinear().domain([0, maxMs]).range([0, BAR_W]);
  return (
    <table className="data-table rs-table" data-testid="rs-subtasks">
      <thead>
        <tr>
          <th>{t('rsColSubtask')}</th>
          <th>{t('rsColKeyGroups')}</th>
          <th className="num">{t('rsColFiles')}</th>
          <th>{t('rsColTime')}</th>
        </tr>
      </thead>
      {plan.subtasks.map((s) => {
        const at = progress.tasks.get(s.task);
        const ev = at?.event ?? null;
        const rb = rebuildText(t, s.rebuild);
        const goPos = at?.pos ?? at?.laterPos ?? null;
        const src = ev ? sources?.get(s.task) : undefined;
        // One body per subtask: its figures, then how it rebuilds its state.
        return (
          <tbody
            key={s.task}
            className={ev ? (at?.justNow ? 'rs-now' : 'rs-done') : 'rs-pending'}
            data-testid={`rs-row-${s.task}`}
            data-restored={String(ev !== null)}
          >
            <tr>
              <td>
                {goPos !== null ? (
                  <button
                    type="button"
                    className="rs-link"
                    onClick={() => onGoTo(goPos)}
                    title={t('rsGoStepTitle', { n: goPos, task: s.task })}
                  >
                    {s.task}
                  </button>
                ) : (
                  s.task
                )}
              </td>
              <td>
                <span className="mono">{formatKeyGroupRange(s.range)}</span>
                <span className="rs-reads" title={t('rsColReads')}>
                  {' ← '}
                  {s.reads.length === 0
                    ? t('rsReadsNothing')
                    : s.reads.map((r) => (
                        <span
                          key={r.from}
                          className="rs-chip"
                          style={{ borderColor: oldColor(r.from) }}
                          title={t('rsReadTitle', {
                            from: r.from,
                            range: formatKeyGroupRange(r.range),
                          })}
                        >
                          #{r.from}
                        </span>
                      ))}
                </span>
              </td>
              {ev ? (
                <>
                  <td className="num">
                    {src && (
                      <span
                        className={`rs-src rs-src-${src.source}`}
                        data-testid={`rs-src-${s.task}`}
                        data-source={src.source}
                        title={t(src.source === 'local' ? 'rsSrcLocalTitle' : 'rsSrcRemoteTitle', { tm: src.taskManager })}
                      >
                        {t(src.source === 'local' ? 'rsSrcLocal' : 'rsSrcRemote')}
                      </span>
                    )}{' '}
                    {t('rsFilesCell', { n: ev.files.length, bytes: formatBytes(ev.bytes) })}
                  </td>
                  <td title={t('rsTimeTitle', { d: ev.downloadMs, r: ev.replayMs })}>
                    <svg className="rs-time" width={BAR_W} height={10} aria-hidden="true">
                      <rect className="rs-track" width={BAR_W} height={10} rx={2} />
                      <rect className="rs-download" width={w(ev.downloadMs)} height={10} rx={2} />
                      <rect
                        className="rs-replay"
                        x={w(ev.downloadMs)}
                        width={w(ev.replayMs)}
                        height={10}
                        rx={2}
                      />
                    </svg>{' '}
                    <span className="rs-ms">
                      {ev.downloadMs}+{ev.replayMs} ms
                    </span>
                  </td>
                </>
              ) : (
                <td colSpan={2} className="muted">
                  {t('rsWaiting')}
                </td>
              )}
            </tr>
            <tr className="rs-rebuild-row">
              <td colSpan={4} className="rs-rebuild" title={rb.title}>
                ↳ {rb.label}
                {ev?.changelog && (
                  <span className="rs-sub">
                    {' · '}
                    {t('rsReplayed', {
                      sets: ev.changelog.changeSets,
                      changes: ev.changelog.changes,
                    })}
                  </span>
                )}
                {ev && <span className="rs-entries"> → {t('rsEntries', { n: ev.entries })}</span>}
                {src && (
                  <span className="rs-sub" data-testid={`rs-bytes-${s.task}`}>
                    {' · '}
                    {t('rsSrcBytes', {
                      tm: src.taskManager,
                      local: formatBytes(src.localBytes),
                      remote: formatBytes(src.remoteBytes),
                    })}
                    {src.reason !== 'found' && ` (${t(SRC_REASON[src.reason])})`}
                  </span>
                )}
              </td>
            </tr>
          </tbody>
        );
      })}
    </table>
  );
}
