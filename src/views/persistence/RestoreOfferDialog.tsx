/**
 * Asked once after a reload when IndexedDB still holds a retained checkpoint of the previous
 * session: restore the job from it (its files are read back from IndexedDB), or start fresh
 * (the sync then deletes the old files). Modal, because nothing is written until the answer.
 */
import { useEffect, useRef, useState } from 'react';
import { useAppStore } from '../../store/appStore';
import { useT } from '../../i18n/useT';
import { PersistenceErrorBlock } from './PersistenceErrorBlock';
import { keepTabInside } from '../config/useDialogFocus';

export function RestoreOfferDialog() {
  const t = useT();
  const offer = useAppStore((s) => s.restoreOffer);
  const commands = useAppStore((s) => s.persistenceCommands);
  const restoreError = useAppStore((s) => s.persistenceError?.source === 'restore');
  const restoreRef = useRef<HTMLButtonElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const shown = offer !== null;
  const [modeChoice, setMode] = useState<'CLAIM' | 'NO_CLAIM' | 'LEGACY' | null>(null);
  useEffect(() => {
    if (shown) restoreRef.current?.focus();
  }, [shown]);
  if (!offer) return null;
  const restoring = offer.status === 'restoring';
  // Flink's default is NO_CLAIM, which the changelog backend refuses: offer CLAIM first then.
  const mode = modeChoice ?? (offer.changelog ? 'CLAIM' : 'NO_CLAIM');
  const refused = mode === 'NO_CLAIM' && offer.changelog;
  const params = {
    id: offer.checkpointId,
    files: offer.fileCount,
    kb: (offer.totalBytes / 1024).toFixed(1),
  };
  return (
    <div className="overlay" role="presentation">
      <div
        ref={dialogRef}
        className="dialog restore-offer"
        role="dialog"
        aria-modal="true"
        aria-labelledby="restore-offer-title"
        data-testid="restore-offer"
        // Keep the app's global shortcuts (Space plays, arrows step) away from the dialog's buttons, and Tab inside it.
        onKeyDown={(e) => {
          e.stopPropagation();
          if (dialogRef.current) keepTabInside(e, dialogRef.current);
        }}
      >
        <h2 id="restore-offer-title">{t('offerTitle')}</h2>
        <p className="offer-lead" data-testid="restore-offer-text">
          {t(offer.isSavepoint ? 'offerSavepoint' : 'offerCheckpoint', params)}
        </p>
        <p className="muted">{t('offerScenario', { title: offer.scenarioTitle })}</p>
        <ul className="offer-notes">
          <li>{t('offerRestoreNote', params)}</li>
          <li>{t('offerFreshNote')}</li>
        </ul>
        <label className="offer-mode">
          {t('offerMode')}{' '}
          <select
            value={mode}
            onChange={(e) => setMode(e.target.value as 'CLAIM' | 'NO_CLAIM' | 'LEGACY')}
            data-testid="offer-mode"
            disabled={restoring}
          >
            <option value="NO_CLAIM">{t('offerModeNoClaim')}</option>
            <option value="CLAIM">{t('offerModeClaim')}</option>
            <option value="LEGACY">{t('offerModeLegacy')}</option>
          </select>
        </label>
        <p className="muted" data-testid="offer-mode-note">
          {t(refused ? 'offerModeRefused' : mode === 'CLAIM' ? 'offerModeClaimNote' : mode === 'LEGACY' ? 'offerModeLegacyNote' : 'offerModeNoClaimNote')}
        </p>
        {restoreError && <PersistenceErrorBlock />}
        <div className="offer-actions">
          <button
            ref={restoreRef}
            type="button"
            className="primary"
            data-testid="offer-restore"
            disabled={restoring || refused}
            onClick={() => void commands?.restoreFromOffer(mode)}
          >
            {restoring ? t('offerRestoring') : t('offerRestore')}
          </button>
          <button
            type="button"
            data-testid="offer-fresh"
            disabled={restoring}
            onClick={() => commands?.startFresh()}
          >
            {t('offerFresh')}
          </button>
        </div>
      </div>
    </div>
  );
}
