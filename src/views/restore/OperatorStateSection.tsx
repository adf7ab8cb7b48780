/**
 * Operator state on restore: the source partitions each old subtask held (from `_metadata`) and
 * the ones each new subtask reads now (from its `restore.taskRestored`), redistributed
 * SPLIT_DISTRIBUTE; the legend names Flink's two other modes, UNION and BROADCAST, which this
 * job's operators do not use. Below, the sink's pending transactions as the restore settled them.
 */
import { scaleOrdinal, schemeSet2 } from 'd3';
import type { EventOf } from '../../engine';
import type { Translate } from '../../i18n/useT';
import type { MessageKey } from '../../i18n/messages';
import type { SourcePlan } from './restorePlan';
import type { RestoreProgress } from './restoreProgress';
import type { At } from './restoreSpans';

const partitionColor = scaleOrdinal<number, string>(schemeSet2);

function Partitions({ list, t }: { list: readonly number[] | null; t: Translate }) {
  if (list === null) return <span className="muted">{t('rsOpUnreadable')}</span>;
  if (list.length === 0) return <span className="muted">{t('rsOpNone')}</span>;
  return (
    <>
      {list.map((p) => (
        <span key={p} className="rs-part" style={{ background: partitionColor(p) }}>
          p{p}
        </span>
      ))}
    </>
  );
}

const SINK_OUTCOME: Record<EventOf<'sink.recoverAndCommit'>['outcome'], MessageKey> = {
  committed: 'rsSinkCommitted',
  'already-committed': 'rsSinkAlreadyCommitted',
  'already-aborted': 'rsSinkAlreadyAborted',
  unknown: 'rsSinkUnknown',
};

export function OperatorStateSection({
  source,
  progress,
  sink,
  othersUsed = false,
  t,
}: {
  source: SourcePlan;
  progress: RestoreProgress;
  sink: At<EventOf<'sink.recoverAndCommit'> | EventOf<'sink.abort'>>[];
  /** The job uses UNION or BROADCAST state: the section below explains every mode instead. */
  othersUsed?: boolean;
  t: Translate;
}) {
  const newTasks = Array.from({ length: source.newParallelism }, (_, i) => `source#${i}`);
  return (
    <div className="rs-opstate" data-testid="rs-opstate">
      <div className="rs-op-rows">
        <span className="rs-op-label">{t('rsOpOld')}</span>
        <div className="rs-op-cells">
          {source.old.map((o) => (
            <span key={o.index} className="rs-op-cell">
              <b>#{o.index}</b> <Partitions list={o.partitions} t={t} />
            </span>
          ))}
        </div>
        <span className="rs-op-label">{t('rsOpNew')}</span>
        <div className="rs-op-cells">
          {newTasks.map((task, i) => {
            const at = progress.tasks.get(task);
            return (
              <span
                key={task}
                className={`rs-op-cell${at?.justNow ? ' rs-now' : ''}${at?.event ? '' : ' rs-pending'}`}
                data-testid={`rs-src-${task}`}
              >
                <b>#{i}</b>{' '}
                {at?.event ? (
                  <Partitions list={at.event.partitions} t={t} />
                ) : (
                  <span className="muted">{t('rsWaiting')}</span>
                )}
              </span>
            );
          })}
        </div>
      </div>
      {!othersUsed && (
        <ul className="rs-legend-list">
          {source.oldParallelism === source.newParallelism && <li>{t('rsOpSame')}</li>}
          <li>
            <b>{t('rsOpSplitTerm')}</b> {t('rsOpSplit')}
          </li>
          <li className="rs-others">
            {t('rsOpOthers')}
            <ul>
              <li>
                <b>{t('rsOpUnionTerm')}</b> {t('rsOpUnion')}
              </li>
              <li>
                <b>{t('rsOpBroadcastTerm')}</b> {t('rsOpBroadcast', { p: source.oldParallelism })}
              </li>
            </ul>
          </li>
        </ul>
      )}
      {sink.length > 0 && (
        <div className="rs-sink" data-testid="rs-sink">
          <b>{t('rsSinkTitle')}</b>
          <ul>
            {sink.map(({ pos, event: e }) => (
              <li key={`${pos}-${e.transaction}`}>
                {e.type === 'sink.recoverAndCommit'
                  ? t(SINK_OUTCOME[e.outcome], {
                      task: e.task ?? '',
                      tx: e.transaction,
                      cp: e.checkpointId,
                    })
                  : t('rsSinkAborted', { task: e.task ?? '', tx: e.transaction })}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
