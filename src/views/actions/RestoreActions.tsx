/**
 * The "Restore" group: restart the job from any retained checkpoint or savepoint, at any
 * parallelism up to max parallelism, with the changelog kept, switched on or switched off; or
 * submit a new job from it in a restore mode (CLAIM, NO_CLAIM, LEGACY); cancel the job, or stop it
 * with a savepoint (`flink stop [--drain]`).
 */
import { useState } from 'react';
import type { EngineState, UserAction } from '../../engine';
import { useT } from '../../i18n/useT';
import { ActionButton } from './ActionButton';
import {
  ACTION_MAX_PARALLELISM,
  currentParallelism,
  parallelismOptions,
  claimedSavepoints,
  restoreTargets,
  type RestoreTarget,
} from './actionModel';

type ChangelogSwitch = 'keep' | 'on' | 'off';
/** `job`: restart this job from its own checkpoint (a failover); otherwise a new job in that restore mode. */
type ModeChoice = 'job' | 'CLAIM' | 'NO_CLAIM' | 'LEGACY';

interface Props {
  state: EngineState;
  run: (action: UserAction) => void;
}

export function RestoreActions({ state, run }: Props) {
  const t = useT();
  const [targetChoice, setTargetChoice] = useState<number | null>(null);
  const [pChoice, setPChoice] = useState<number | null>(null);
  const [changelog, setChangelog] = useState<ChangelogSwitch>('keep');
  const [modeChoice, setModeChoice] = useState<ModeChoice>('job');
  const [drain, setDrain] = useState(false);
  // A cancelled or finished job (stop-with-savepoint) cannot restart: only a new job.
  const canceled = state.job.canceled === true || state.job.finished !== undefined;
  // A cancelled job cannot restart: only a new job, in NO_CLAIM mode unless chosen otherwise.
  const mode: ModeChoice = canceled && modeChoice === 'job' ? 'NO_CLAIM' : modeChoice;
  const changelogAfter = changelog === 'keep' ? state.job.changelogEnabled : changelog === 'on';
  const noClaimRefused = mode === 'NO_CLAIM' && changelogAfter;
  const targets = restoreTargets(state);
  const target: RestoreTarget | undefined =
    targets.find((x) => x.id === targetChoice) ?? targets[0];
  const options = parallelismOptions(state);
  const current = currentParallelism(state);
  const p = pChoice !== null && options.includes(pChoice) ? pChoice : current;
  const maxP = state.job.topology.maxParallelism;
  const label = (x: RestoreTarget) =>
    t(
      x.isSavepoint
        ? 'actRestoreSavepointOption'
        : x.latest
          ? 'actRestoreLatestOption'
          : 'actRestoreCheckpointOption',
      { id: x.id },
    );
  const restore = () => {
    if (!target) return;
    const base: UserAction = { do: 'restore', checkpoint: target.id, parallelism: p };
    const action: UserAction = mode === 'job' ? base : { ...base, mode };
    run(changelog === 'keep' ? action : { ...action, changelog: changelog === 'on' });
  };
  return (
    <>
      <div className="act-row">
        <label className="act-field">
          {t('actRestoreFrom')}
          <select
            value={target?.id ?? ''}
            onChange={(e) => setTargetChoice(Number(e.target.value))}
            disabled={targets.length === 0}
            data-testid="restore-target"
          >
            {targets.length === 0 && <option value="">{t('narNone')}</option>}
            {targets.map((x) => (
              <option key={`${x.isSavepoint ? 's' : 'c'}${x.id}`} value={x.id}>
                {label(x)}
              </option>
            ))}
            {/* A savepoint a new job claimed is that job's now (deleted once subsumed): listed, not selectable. */}
            {claimedSavepoints(state).map((x) => (
              <option key={`claimed${x.id}`} value={`claimed${x.id}`} disabled data-testid="restore-claimed">
                {t('actRestoreClaimedOption', x)}
              </option>
            ))}
          </select>
        </label>
        <label
          className="act-field"
          title={t('actParallelismTitle', { max: Math.min(maxP, ACTION_MAX_PARALLELISM), maxP })}
        >
          {t('actParallelism')}
          <select
            value={p}
            onChange={(e) => setPChoice(Number(e.target.value))}
            data-testid="restore-parallelism"
          >
            {options.map((n) => (
              <option key={n} value={n}>
                {n === current ? t('actParallelismCurrent', { n }) : n}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="act-row">
        <label className="act-field">
          {t('actChangelog')}
          <select
            value={changelog}
            onChange={(e) => setChangelog(e.target.value as ChangelogSwitch)}
            data-testid="restore-changelog"
          >
            <option value="keep">
              {t('actChangelogKeep', {
                state: t(state.job.changelogEnabled ? 'actChangelogOn' : 'actChangelogOff'),
              })}
            </option>
            <option value="on">{t('actChangelogOn')}</option>
            <option value="off">{t('actChangelogOff')}</option>
          </select>
        </label>
        <label className="act-field" title={t('actRestoreModeTitle')}>
          {t('actRestoreMode')}
          <select
            value={mode}
            onChange={(e) => setModeChoice(e.target.value as ModeChoice)}
            data-testid="restore-mode"
          >
            {!canceled && <option value="job">{t('actModeJob')}</option>}
            <option value="CLAIM">{t('actModeClaim')}</option>
            <option value="NO_CLAIM">{t('actModeNoClaim')}</option>
            <option value="LEGACY">{t('actModeLegacy')}</option>
          </select>
        </label>
      </div>
      <div className="act-row">
        <ActionButton
          testId="restore-run"
          className="act-primary"
          title={
            target
              ? t(mode === 'job' ? 'actRestoreTitle' : 'actSubmitTitle', { target: label(target), p, mode })
              : ''
          }
          disabledReason={
            !target ? t('actNothingRetained') : noClaimRefused ? t('actNoClaimChangelog') : null
          }
          onClick={restore}
        >
          {t(mode === 'job' ? 'actRestore' : 'actSubmit')}
        </ActionButton>
        <ActionButton
          testId="cancel-job"
          title={t('actCancelTitle', { retention: state.scenario.checkpointing.externalizedRetention })}
          disabledReason={canceled ? t('actAlreadyCanceled') : null}
          onClick={() => run({ do: 'cancel' })}
        >
          {t('actCancelJob')}
        </ActionButton>
        <ActionButton
          testId="stop-job"
          title={t('actStopTitle')}
          disabledReason={canceled ? t('actJobEnded') : !state.job.running ? t('actNotRunning') : null}
          onClick={() => run({ do: 'stop', drain })}
        >
          {t('actStopJob')}
        </ActionButton>
        <label className="act-field" title={t('actDrainTitle')}>
          <input type="checkbox" checked={drain} onChange={(e) => setDrain(e.target.checked)} data-testid="stop-drain" />
          {t('actDrain')}
        </label>
      </div>
      <p className="act-note muted" data-testid="stop-note">
        {t('actStopNote')}
      </p>
      <p className="act-note muted" data-testid="restore-mode-note">
        {t(mode === 'job' ? 'actModeNoteJob' : 'actModeNoteNewJob')}
      </p>
    </>
  );
}
