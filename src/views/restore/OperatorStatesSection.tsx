/**
 * Operator state by redistribution mode: for every operator state of the restored checkpoint,
 * its `OperatorStateHandle.Mode`, the entries each old subtask had in the checkpoint (from
 * `_metadata`), and what each new subtask received from which old subtask (from its
 * `restore.operatorState` event, filled in as subtasks restore at the cursor): a round-robin
 * share (SPLIT_DISTRIBUTE), every entry (UNION; the legacy Kafka consumer then keeps what its
 * assigner gives it), one old copy (BROADCAST).
 */
import type { EventOf } from '../../engine';
import type { Translate } from '../../i18n/useT';
import type { OperatorStatePlan } from './restorePlan';
import type { At } from './restoreSpans';

function Entries({ list, t }: { list: readonly string[] | null; t: Translate }) {
  if (list === null) return <span className="muted">?</span>;
  if (list.length === 0) return <span className="muted">{t('rsOsEmpty')}</span>;
  return (
    <>
      {list.map((e, i) => (
        <span key={`${i}-${e}`} className="rs-entry">
          {e}
        </span>
      ))}
    </>
  );
}

function howText(
  p: OperatorStatePlan,
  events: readonly EventOf<'restore.operatorState'>[],
  t: Translate,
): string {
  if (p.mode === 'SPLIT_DISTRIBUTE') return t('rsOsSplit');
  if (p.mode === 'BROADCAST') return t('rsOsBroadcast', { p: p.old.length });
  return events.some((e) => e.kept !== null) ? t('rsOsUnionKafka') : t('rsOsUnion');
}

function OneState({
  p,
  checkpointId,
  events,
  cursor,
  t,
}: {
  p: OperatorStatePlan;
  checkpointId: number;
  events: readonly At<EventOf<'restore.operatorState'>>[];
  cursor: number;
  t: Translate;
}) {
  const mine = events.filter(
    (x) => x.event.state === p.state && x.event.task?.startsWith(`${p.vertex}#`),
  );
  return (
    <div className="rs-os" data-testid={`rs-os-${p.vertex}`} data-mode={p.mode}>
      <div className="rs-os-head">
        <b>{p.vertex}</b> <code>{p.state}</code>{' '}
        <span className={`rs-mode rs-mode-${p.mode.toLowerCase()}`}>{p.mode}</span>{' '}
        <span className="rs-os-how">
          {howText(
            p,
            mine.map((x) => x.event),
            t,
          )}
        </span>
      </div>
      <div className="rs-op-rows">
        <span className="rs-op-label">{t('rsOsCheckpoint', { id: checkpointId })}</span>
        <div className="rs-op-cells">
          {p.old.map((o) => (
            <span key={o.index} className="rs-op-cell">
              <b>#{o.index}</b> <Entries list={o.entries} t={t} />
            </span>
          ))}
        </div>
        <span className="rs-op-label">{t('rsOpNew')}</span>
        <div className="rs-op-cells">
          {Array.from({ length: p.newParallelism }, (_, i) => {
            const task = `${p.vertex}#${i}`;
            const at = mine.find((x) => x.event.task === task && x.pos <= cursor);
            const e = at?.event;
            return (
              <span
                key={task}
                className={`rs-op-cell${at?.pos === cursor ? ' rs-now' : ''}${e ? '' : ' rs-pending'}`}
                data-testid={`rs-os-${task}`}
              >
                <b>#{i}</b>{' '}
                {!e ? (
                  <span className="muted">{t('rsWaiting')}</span>
                ) : e.received.length === 0 ? (
                  <span className="muted">{t('rsOsNothing')}</span>
                ) : (
                  e.received.map((r) => (
                    <span key={r.from} className="rs-os-read">
                      <span className="rs-os-from">{t('rsOsFrom', { n: r.from })}</span>
                      <Entries list={r.entries} t={t} />
                    </span>
                  ))
                )}
                {e?.kept && (
                  <span className="rs-os-kept">
                    {t('rsOsKeeps')} <Entries list={e.kept} t={t} />
                  </span>
                )}
              </span>
            );
          })}
        </div>
      </div>
    </div>
  );
}

export function OperatorStatesSection({
  plans,
  checkpointId,
  events,
  cursor,
  t,
}: {
  plans: readonly OperatorStatePlan[];
  checkpointId: number;
  events: readonly At<EventOf<'restore.operatorState'>>[];
  cursor: number;
  t: Translate;
}) {
  const special = plans.some((p) => p.mode !== 'SPLIT_DISTRIBUTE');
  return (
    <div className="rs-opstates" data-testid="rs-opstates">
      {plans.map((p) => (
        <OneState
          key={`${p.vertex}/${p.state}`}
          p={p}
          checkpointId={checkpointId}
          events={events}
          cursor={cursor}
          t={t}
        />
      ))}
      {special && <p className="rs-note muted">{t('rsOsNote')}</p>}
    </div>
  );
}
