/**
 * A recording that takes over a second (it runs in the Web Worker and streams in): how far the
 * simulated time got, steps per second, an estimate of what is left, and a cancel that keeps what
 * is recorded or goes back to the previous run. Short recordings never show it.
 */
import { useAppStore } from '../../store/appStore';
import { useT, type Translate } from '../../i18n/useT';

/** Shown only once a recording has lasted this long (shorter ones would only flash). */
export const SHOW_AFTER_MS = 1000;

function duration(t: Translate, ms: number): string {
  const s = Math.ceil(ms / 1000);
  return s < 120 ? t('recSeconds', { n: s }) : t('recMinutes', { n: Math.ceil(s / 60) });
}

export function RecordingProgressBar() {
  const t = useT();
  const progress = useAppStore((s) => s.recording);
  const canRevert = useAppStore((s) => s.previousRun !== null);
  const stoppedAt = useAppStore((s) => s.recordingStoppedAtMs);
  const cancel = useAppStore((s) => s.cancelRecording);
  if (!progress) {
    if (stoppedAt === null) return null;
    return (
      <div className="notice recording-stopped" role="status" data-testid="recording-stopped">
        {t('recStoppedNote', { atMs: Math.round(stoppedAt) })}
      </div>
    );
  }
  if (progress.elapsedMs < SHOW_AFTER_MS) return null;
  const figures = {
    simMs: Math.round(progress.simMs),
    untilMs: progress.untilMs,
    rate: Math.round(progress.stepsPerSecond),
  };
  return (
    <div className="notice recording-progress" role="status" data-testid="recording-progress">
      <div className="recording-progress-head">
        <strong>{t('recProgressTitle')}</strong>
        <progress max={progress.untilMs} value={progress.simMs} aria-label={t('recProgressLabel')} />
        <span data-testid="recording-figures">
          {progress.etaMs === null
            ? t('recProgressFiguresNoEta', figures)
            : t('recProgressFigures', { ...figures, eta: duration(t, progress.etaMs) })}
        </span>
      </div>
      <div className="recording-progress-actions">
        <span className="recording-progress-note">{t('recProgressNote')}</span>
        <button type="button" data-testid="recording-keep" onClick={() => cancel('keep')}>
          {t('recKeep')}
        </button>
        {canRevert && (
          <button type="button" data-testid="recording-revert" onClick={() => cancel('revert')}>
            {t('recRevert')}
          </button>
        )}
      </div>
    </div>
  );
}
