/**
 * The engine failed while recording (Timeline#recordingError): said on screen, with when and
 * what to do, instead of a run that silently ends early with the error only in the console.
 */
import { useAppStore } from '../../store/appStore';
import { useT } from '../../i18n/useT';
import { selectContentKey } from '../../store/selectors';

export function RecordingProblem() {
  const t = useT();
  // The timeline is re-recorded in place or streams in; the content key changes when it does.
  useAppStore(selectContentKey);
  const error = useAppStore((s) => s.timeline.recordingError);
  if (!error) return null;
  return (
    <div className="notice recording-problem" role="alert" data-testid="recording-error">
      <strong>{t('recErrorTitle', { atMs: error.atMs, step: error.step })}</strong> {t('recErrorWhat')}
      <div className="recording-problem-message">
        <code>{t('recErrorMessage', { message: error.message })}</code>
      </div>
    </div>
  );
}
