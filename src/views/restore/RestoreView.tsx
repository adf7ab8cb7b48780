/**
 * The Restore tab: the restore the cursor is in (or passed last), step by step. What is
 * restored (checkpoint, savepoint?, `_metadata`, old → new parallelism), how the key groups are
 * cut again and which old handles each new subtask reads (filled in as subtasks restore at the
 * cursor), each new subtask's downloads, rebuild and restore time, the source partitions
 * redistributed as operator state, and for changelog restores the downloads against the reads
 * per DSTL file. Before any restore: what a restore is, how to cause one, and a jump to the next.
 */
import { useState } from 'react';
import { useAppStore } from '../../store/appStore';
import { useT, type Translate } from '../../i18n/useT';
import type { MessageKey } from '../../i18n/messages';
import { useElementSize } from '../charts/useElementSize';
import { usePrefersReducedMotion } from '../usePrefersReducedMotion';
import { ChangelogReadsSection } from './ChangelogReadsSection';
import { KeyGroupMap } from './KeyGroupMap';
import { OperatorStateSection } from './OperatorStateSection';
import { OperatorStatesSection } from './OperatorStatesSection';
import { RestoreSubtasks } from './RestoreSubtasks';
import { LocalDisks, LocalRecoveryLine } from './LocalDisks';
import { useRestorePlan, useRestoreSpans } from './restoreData';
import {
  changelogReadsAt,
  channelStateAt,
  progressAt,
  sinkAt,
  type RestorePhase,
} from './restoreProgress';
import {
  nextSpanAfter,
  previousSpanBefore,
  spanAtCursor,
  type RestoreCause,
  type RestoreSpan,
} from './restoreSpans';
import { useViewCursor } from '../panelPace';
import './restore.css';

function goTo(pos: number): void {
  const s = useAppStore.getState();
  s.setPlaying(false);
  s.setCursor(pos);
}

const CAUSE: Record<RestoreCause, MessageKey> = {
  action: 'rsCauseAction',
  failover: 'rsCauseFailover',
  submit: 'rsCauseSubmit',
};
const MODE: Record<'CLAIM' | 'NO_CLAIM' | 'LEGACY', MessageKey> = {
  CLAIM: 'rsModeClaim',
  NO_CLAIM: 'rsModeNoClaim',
  LEGACY: 'rsModeLegacy',
};
const PHASE_BADGE: Record<RestorePhase, string> = {
  restoring: 'progress',
  running: 'completed',
  failed: 'failed',
};

function shortPath(path: string): string {
  const parts = path.split('/');
  return parts.length > 2 ? `…/${parts.slice(-2).join('/')}` : path;
}

function NoRestore({
  next,
  t,
  rootRef,
  roomy,
}: {
  next: RestoreSpan | null;
  t: Translate;
  rootRef: (el: HTMLDivElement | null) => void;
  roomy: boolean;
}) {
  // While the run streams in, "no restore after this step" is only so far.
  const recording = useAppStore((s) => s.recording !== null);
  return (
    <div
      className={`restore-view rs-none${roomy ? ' roomy' : ''}`}
      data-testid="restore-none"
      ref={rootRef}
    >
      <div className="rs-none-head">
        <strong>{t('rsNoneTitle')}</strong>
        {next ? (
          <button
            type="button"
            className="rs-jump"
            data-testid="rs-jump-next"
            onClick={() => goTo(next.startPos)}
          >
            {t('rsJumpNext', { n: next.startPos })}
          </button>
        ) : (
          <span className="muted">{t(recording ? 'rsNoNextYet' : 'rsNoNext')}</span>
        )}
      </div>
      <p>{t('rsNoneText')}</p>
      <p className="muted">{t('rsNoneHow')}</p>
      <LocalDisks t={t} />
    </div>
  );
}

export function RestoreView() {
  const t = useT();
  const spans = useRestoreSpans();
  const cursor = useViewCursor();
  const reduced = usePrefersReducedMotion();
  const span = spanAtCursor(spans, cursor);
  const plan = useRestorePlan(span);
  const [vertexChoice, setVertexChoice] = useState<string | null>(null);
  const [rootRef, rootSize] = useElementSize<HTMLDivElement>();
  const [mapRef, mapSize] = useElementSize<HTMLDivElement>();
  const roomy = rootSize.height >= 330;
  const next = nextSpanAfter(spans, cursor);

  if (!span) return <NoRestore next={next} t={t} rootRef={rootRef} roomy={roomy} />;

  const prev = previousSpanBefore(spans, span.startPos);
  const started = span.started;
  const progress = plan ? progressAt(span, plan.tasks, cursor) : null;
  const phase: RestorePhase =
    progress?.phase ?? (span.failed && span.failed.pos <= cursor ? 'failed' : 'restoring');
  const keyed = plan?.keyed.find((k) => k.vertex === vertexChoice) ?? plan?.keyed[0] ?? null;
  const takenAt =
    keyed && started && keyed.oldParallelism !== started.previousParallelism
      ? keyed.oldParallelism
      : null;
  const reads = changelogReadsAt(span, cursor);
  const channel = channelStateAt(span, cursor);
  const phaseText =
    phase === 'restoring' && progress
      ? t('rsPhaseRestoring', { n: progress.restored, of: progress.total })
      : phase === 'running'
        ? t('rsPhaseRunning')
        : t('rsPhaseFailed');

  return (
    <div
      className={`restore-view${roomy ? ' roomy' : ''}`}
      data-testid="restore-view"
      ref={rootRef}
    >
      <div className="rs-head">
        <strong data-testid="rs-title">
          {started
            ? t(started.isSavepoint ? 'rsFromSavepoint' : 'rsFromCheckpoint', {
                id: started.checkpointId,
              })
            : t('rsRefused')}
        </strong>
        {started && (
          <span
            className={`rs-par${started.parallelism !== started.previousParallelism ? ' rescale' : ''}`}
            data-testid="rs-parallelism"
          >
            {started.parallelism !== started.previousParallelism
              ? t('rsRescale', { from: started.previousParallelism, to: started.parallelism })
              : t('rsSameParallelism', { p: started.parallelism })}
          </span>
        )}
        {started && (
          <span
            className={`badge ${PHASE_BADGE[phase]}`}
            data-testid="rs-phase"
            title={
              progress && phase === 'restoring'
                ? t('rsPhaseRestoringTitle', { n: progress.restored, of: progress.total })
                : phase === 'running'
                  ? t('rsPhaseRunningTitle', { step: span.runningPos ?? 0 })
                  : undefined
            }
          >
            {phaseText}
          </span>
        )}
      </div>
      <div className="rs-meta">
        <span>
          {t(CAUSE[span.cause])}
          {started && (
            <>
              {' · '}
              <span
                className={`rs-mode-name${started.mode ? ' set' : ''}`}
                data-testid="rs-mode"
                title={t('rsModeTitle')}
              >
                {started.mode ? t(MODE[started.mode]) : t('rsModeNone')}
              </span>
              {' · '}
              {t('rsAttempt', { n: started.attempt })}
              {' · '}
              <code title={started.metadataPath} data-testid="rs-metadata">
                {shortPath(started.metadataPath)}
              </code>
              {takenAt !== null && <> · {t('rsTakenAt', { p: takenAt })}</>}
            </>
          )}
        </span>
        <span className="rs-nav">
          {prev && (
            <button type="button" onClick={() => goTo(prev.startPos)} data-testid="rs-prev">
              {t('rsPrevRestore')}
            </button>
          )}
          {cursor !== span.startPos && (
            <button
              type="button"
              onClick={() => goTo(span.startPos)}
              data-testid="rs-to-start"
              title={t('rsToStartTitle', { n: span.startPos })}
            >
              {t('rsToStart', { n: span.startPos })}
            </button>
          )}
          {next && (
            <button type="button" onClick={() => goTo(next.startPos)} data-testid="rs-next">
              {t('rsNextRestore')}
            </button>
          )}
        </span>
      </div>
      {span.failed && span.failed.pos <= cursor && (
        <p className="rs-failed" data-testid="rs-failed">
          {t('rsFailedReason', { step: span.failed.pos, reason: span.failed.event.reason })}
        </p>
      )}
      {started && !plan && <p className="muted">{t('rsNoPlan')}</p>}
      {plan && progress && keyed && (
        <section className="rs-section" aria-label={t('rsKgTitle', { op: keyed.vertex })}>
          <h3>
            {t('rsKgTitle', { op: keyed.vertex })}{' '}
            <small
              title={t('rsKgSub', { last: keyed.maxParallelism - 1, maxP: keyed.maxParallelism })}
            >
              {t('rsKgSub', { last: keyed.maxParallelism - 1, maxP: keyed.maxParallelism })}
            </small>
            {plan.keyed.length > 1 && (
              <select
                aria-label={t('rsOperator')}
                value={keyed.vertex}
                onChange={(e) => setVertexChoice(e.target.value)}
                data-testid="rs-operator"
              >
                {plan.keyed.map((k) => (
                  <option key={k.vertex} value={k.vertex}>
                    {k.vertex}
                  </option>
                ))}
              </select>
            )}
          </h3>
          <div className="rs-map-box" ref={mapRef}>
            {mapSize.width > 0 && (
              <KeyGroupMap
                plan={keyed}
                progress={progress}
                width={mapSize.width}
                roomy={roomy}
                reduced={reduced}
                t={t}
              />
            )}
          </div>
          <p className="rs-legend">
            <span>
              <i className="rs-sw rs-sw-band" /> {t('rsLegendRead')}
            </span>
            <span>
              <i className="rs-sw rs-sw-restored" /> {t('rsLegendRestored')}
            </span>
            <span>
              <i className="rs-sw rs-sw-pending" /> {t('rsLegendPending')}
            </span>
            <span>
              <i className="rs-sw rs-sw-now" /> {t('rsLegendNow')}
            </span>
            <span>
              <i className="rs-sw rs-sw-download" /> {t('rsTimeLegendDownload')}{' '}
              <i className="rs-sw rs-sw-replay" /> {t('rsTimeLegendReplay')}
            </span>
          </p>
          <RestoreSubtasks
            plan={keyed}
            progress={progress}
            t={t}
            onGoTo={goTo}
            sources={new Map(span.sources.filter((x) => x.pos <= cursor).map((x) => [x.event.task ?? '', x.event]))}
          />
          <LocalRecoveryLine span={span} cursor={cursor} t={t} />
        </section>
      )}
      {reads && (
        <section className="rs-section">
          <h3>{t('rsClTitle')}</h3>
          <ChangelogReadsSection reads={reads} t={t} />
        </section>
      )}
      {plan?.source && progress && (
        <section className="rs-section">
          <h3>{t('rsOpTitle')}</h3>
          <OperatorStateSection
            source={plan.source}
            progress={progress}
            sink={sinkAt(span, cursor)}
            othersUsed={plan.operatorStates.some((o) => o.mode !== 'SPLIT_DISTRIBUTE')}
            t={t}
          />
        </section>
      )}
      {plan && plan.operatorStates.length > 0 && (
        <section className="rs-section" aria-label={t('rsOsTitle')}>
          <h3>{t('rsOsTitle')}</h3>
          <OperatorStatesSection
            plans={plan.operatorStates}
            checkpointId={plan.checkpointId}
            events={span.operatorStates}
            cursor={cursor}
            t={t}
          />
        </section>
      )}
      <LocalDisks t={t} />
      {channel && (
        <p className="rs-line" data-testid="rs-channel">
          {t('rsChannel', { n: channel.records, from: channel.from.join(', ') })}
        </p>
      )}
    </div>
  );
}
