/**
 * "Seeking step n…" beside the step readout while a far seek in a big run waits for the recording
 * worker to replay there (seconds for the largest runs). Shown only once the seek has waited a
 * while (the store's SEEKING_SHOWN_AFTER_MS), gone when the cursor arrives or a seek that lands
 * at once supersedes it. The live region is always there, so screen readers hear it appear.
 */
import { useAppStore } from '../../store/appStore';
import { useT } from '../../i18n/useT';

export function SeekingReadout() {
  const t = useT();
  const seekingTo = useAppStore((s) => s.seekingTo);
  return (
    <span className="seeking" role="status" aria-live="polite" data-testid="seek-status">
      {seekingTo !== null && (
        <span className="seeking-note" data-testid="seeking">
          {t('seekingTo', { step: seekingTo })}
        </span>
      )}
    </span>
  );
}
