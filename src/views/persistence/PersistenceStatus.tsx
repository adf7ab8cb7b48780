/**
 * The header's storage indicator: durable (IndexedDB) or in-memory, saving, or a problem. Its
 * panel explains what that means and, after a failure, shows the layer's message with the ways
 * out it recommends (retry, export, reset, reload). The panel opens by itself when storage is not
 * durable (the user must know a reload loses everything), when another tab holds the saved session
 * (this tab then keeps its own, and the user must know why a reload does not continue its work
 * elsewhere), and when a new error arrives.
 */
import { useEffect, useRef, useState } from 'react';
import { useAppStore } from '../../store/appStore';
import { useT } from '../../i18n/useT';
import { PersistenceErrorBlock } from './PersistenceErrorBlock';
import { STATUS_LABELS, statusKindOf, type StatusKind } from './persistenceLabels';
import { FAST_PLAYBACK_SPEED } from '../usePrefersReducedMotion';

const STATUS_KINDS = Object.keys(STATUS_LABELS) as StatusKind[];

export function PersistenceStatus() {
  const t = useT();
  const kind = useAppStore(statusKindOf);
  const ready = useAppStore((s) => s.persistenceReady);
  const durable = useAppStore((s) => s.durable);
  const notice = useAppStore((s) => s.persistenceNotice);
  const error = useAppStore((s) => s.persistenceError);
  const offerOpen = useAppStore((s) => s.restoreOffer !== null);
  const commands = useAppStore((s) => s.persistenceCommands);
  const syncActive = useAppStore((s) => s.syncActive);
  const sessionStatus = useAppStore((s) => s.sessionStatus);
  const sessionId = useAppStore((s) => s.sessionId);
  const separate = sessionStatus === 'separate';
  // Saved data could not be checked for a restore: syncing stays off until the user lets it overwrite.
  const stuck = ready && !syncActive && !offerOpen;
  // Open because the user asked, or by itself for the not-durable notice and for each new error until closed.
  const [userOpen, setUserOpen] = useState(false);
  const [noticeClosed, setNoticeClosed] = useState(false);
  const [closedError, setClosedError] = useState<typeof error>(null);
  const autoOpen =
    (ready && (!durable || separate) && !noticeClosed) ||
    (error !== null && error !== closedError && !offerOpen);
  const open = userOpen || autoOpen;
  const close = () => {
    setUserOpen(false);
    setNoticeClosed(true);
    setClosedError(error);
  };
  const toggle = () => (open ? close() : setUserOpen(true));
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    // A click anywhere else closes the panel: it floats over the workspace and must not stay in the way.
    const onPointerDown = (e: PointerEvent) => {
      if (root.current && e.target instanceof Node && !root.current.contains(e.target)) {
        setUserOpen(false);
        setNoticeClosed(true);
        setClosedError(error);
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, error]);
  return (
    <div className="persist-status" ref={root}>
      <button
        type="button"
        className={`persist-pill ${kind}`}
        data-testid="persistence-status"
        data-state={kind}
        data-session={sessionStatus}
        aria-expanded={open}
        aria-controls="persistence-panel"
        title={t('persistStatusLabel')}
        onClick={toggle}
      >
        <span className="persist-dot" aria-hidden="true" />
        {/* Every label in one grid cell, only the current one visible: the pill is as wide as the
            longest, so the header's buttons do not move when "Saving…" turns into "Saved". */}
        <span className="persist-label">
          {STATUS_KINDS.map((k) => (
            <span
              key={k}
              className={k === kind ? 'current' : undefined}
              aria-hidden={k !== kind || undefined}
            >
              {t(STATUS_LABELS[k])}
            </span>
          ))}
        </span>
        {separate && (
          <span className="persist-tag" data-testid="persistence-session-tag">
            {t('persistSeparateTag')}
          </span>
        )}
      </button>
      {open && (
        <section
          id="persistence-panel"
          className="persist-panel"
          data-testid="persistence-panel"
          aria-label={t('persistStatusLabel')}
        >
          {separate && (
            <div className="persist-session" data-testid="persistence-session-note">
              <p>{t('persistSeparateNote')}</p>
              <p className="persist-detail">{t('persistSessionId', { id: sessionId })}</p>
            </div>
          )}
          {sessionStatus === 'unchecked' && (
            <p data-testid="persistence-session-note">{t('persistUncheckedNote')}</p>
          )}
          {/* Not before the open has answered: `durable` is unknown until then (e.g. while another tab blocks it). */}
          {ready &&
            (!durable ? (
              <p>{t('persistMemoryNote')}</p>
            ) : (
              !error && <p>{t('persistDurableNote')}</p>
            ))}
          {notice && (
            <p className="persist-detail" data-testid="persistence-notice">
              {notice}
            </p>
          )}
          {(offerOpen || stuck) && <p>{t('persistPausedNote')}</p>}
          {kind === 'held' && <p data-testid="persistence-held-note">{t('persistHeldNote', { speed: FAST_PLAYBACK_SPEED })}</p>}
          {error && <PersistenceErrorBlock />}
          <div className="persist-actions">
            {commands && kind === 'error' && !error && (
              <button
                type="button"
                data-testid="persistence-retry"
                onClick={() => commands.retry()}
              >
                {t('persistRetry')}
              </button>
            )}
            {commands && stuck && (
              <button
                type="button"
                data-testid="persistence-start-fresh"
                onClick={() => commands.startFresh()}
              >
                {t('persistStartFresh')}
              </button>
            )}
            {commands && !error?.recovery.includes('export') && (
              <button
                type="button"
                data-testid="persistence-export"
                onClick={() => void commands.exportSession()}
              >
                {t('persistExport')}
              </button>
            )}
            <button type="button" className="link" onClick={close}>
              {t('close')}
            </button>
          </div>
        </section>
      )}
    </div>
  );
}
