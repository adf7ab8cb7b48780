/**
 * The "Restore" group: restart the job from any retained checkpoint or savepoint, at any
 * parallelism up to max parallelism, with the changelog kept, switched on or switched off.
 */
import { useState } from 'react';
import type { EngineState, UserAction } from '../../engine';
import { useT } from '../../i18n/useT';
import { ActionButton } from './ActionButton';
import {
  ACTION_MAX_PARALLELISM,
  currentParallelism,
  parallelismOptions,
  restoreTargets,
  type RestoreTarget,
} from './actionModel';

type ChangelogSwitch = 'keep' | 'on' | 'off';

interface Props {
  state: EngineState;
  run: (action: UserAction) => void;
}

export function RestoreActions({ state, run }: Props) {
  const t = useT();
  const [targetChoice, setTargetChoice] = useState<number | null>(null);
  const [pChoice, setPChoice] = useState<number | null>(null);
  const [changelog, setChangelog] = useState<ChangelogSwitch>('keep');
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
    const action: UserAction = { do: 'restore', checkpoint: target.id, parallelism: p };
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
        <ActionButton
          testId="restore-run"
          className="act-primary"
          title={target ? t('actRestoreTitle', { target: label(target), p }) : ''}
          disabledReason={target ? null : t('actNothingRetained')}
          onClick={restore}
        >
          {t('actRestore')}
        </ActionButton>
      </div>
    </>
  );
}
