/**
 * The last persistence failure: what kind it is (translated), the layer's own message (it says
 * what went wrong, where and what to do; written in English), and the recovery buttons it lists.
 * Reset deletes everything, so it asks once more before doing it. `blocked` (another tab keeps
 * saved data open during an upgrade or a reset) also says, translated, what to do: close them.
 */
import { useState } from 'react';
import type { PersistenceRecovery } from '../../persistence';
import { useAppStore } from '../../store/appStore';
import { useT } from '../../i18n/useT';
import { KIND_LABELS, RECOVERY_LABELS } from './persistenceLabels';

export function PersistenceErrorBlock() {
  const t = useT();
  const error = useAppStore((s) => s.persistenceError);
  const commands = useAppStore((s) => s.persistenceCommands);
  const quota = useAppStore((s) => s.quotaFailure);
  const [confirmReset, setConfirmReset] = useState(false);
  if (!error) return null;
  // While the open waits (another tab blocks it) there is nothing to try again: it goes ahead by
  // itself when the other tab lets go. The way out that does something is a reload.
  const recovery =
    error.source === 'open'
      ? [...new Set(error.recovery.map((r): PersistenceRecovery => (r === 'retry' ? 'reload' : r)))]
      : error.recovery;
  const run = (r: PersistenceRecovery) => {
    if (r === 'reload') window.location.reload();
    else if (r === 'reset') setConfirmReset(true);
    else if (r === 'export') void commands?.exportSession();
    else commands?.retry();
  };
  return (
    <div
      className="persist-error"
      role="alert"
      data-testid="persistence-error"
      data-kind={error.kind}
    >
      <strong>{t(KIND_LABELS[error.kind])}</strong>
      {error.kind === 'blocked' && (
        <p data-testid="persistence-blocked-hint">{t('persistBlockedHint')}</p>
      )}
      <p className="persist-detail">{error.message}</p>
      {error.kind === 'quota' && quota && (
        <p data-testid="persistence-quota-checkpoint">
          {quota.checkpointId > 0
            ? t('persistQuotaCheckpoint', { checkpoint: quota.checkpointId, task: quota.task, step: quota.step })
            : t('persistQuotaChangelog', { task: quota.task, step: quota.step })}
        </p>
      )}
      {confirmReset ? (
        <div className="persist-actions">
          <span>{t('persistResetConfirm')}</span>
          <button
            type="button"
            className="danger"
            data-testid="persistence-reset-confirm"
            onClick={() => void commands?.resetSavedData()}
          >
            {t('persistResetYes')}
          </button>
          <button type="button" onClick={() => setConfirmReset(false)}>
            {t('persistCancel')}
          </button>
        </div>
      ) : (
        <div className="persist-actions">
          {recovery.map((r) => (
            <button key={r} type="button" data-testid={`persistence-${r}`} onClick={() => run(r)}>
              {t(RECOVERY_LABELS[r])}
            </button>
          ))}
          <button
            type="button"
            className="link"
            onClick={() => useAppStore.getState().clearPersistenceError()}
          >
            {t('dismiss')}
          </button>
        </div>
      )}
    </div>
  );
}
