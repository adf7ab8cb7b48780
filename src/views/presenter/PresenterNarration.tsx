/**
 * Presenter mode's narration above the stage: the headline of the narration panel for the step
 * at the cursor (narrateStep/narrateStart of src/views/narration), and on demand its full
 * explanation in large type (a changelog or unaligned class needs the "why": the key sentence is
 * often its last). Three toggles at its right end show the explanation, put the subtask panel
 * (state table, LSM, DSTL tape) into the stage, and show the actions panel (faults, savepoint,
 * restore) there, so a class can inject a failure or restore without leaving presenter mode. It stands in for the side panels, so it is paced
 * with their group while playing fast (panelPace).
 */
import { useMemo } from 'react';
import { useAppStore } from '../../store/appStore';
import {
  selectLang,
  selectPlaying,
  selectPresenterWhy,
  selectTaskInStage,
} from '../../store/selectors';
import { useT } from '../../i18n/useT';
import { narrateStart, narrateStep, translator } from '../narration/narrate';
import { useViewCursor, useViewEvents, useViewState } from '../panelPace';
import { TermText } from '../glossary/Term';

export function PresenterNarration() {
  const t = useT();
  const lang = useAppStore(selectLang);
  const cursor = useViewCursor();
  const playing = useAppStore(selectPlaying);
  const events = useViewEvents();
  const state = useViewState();
  const showWhy = useAppStore(selectPresenterWhy);
  const setShowWhy = useAppStore((s) => s.setPresenterWhy);
  const taskInStage = useAppStore(selectTaskInStage);
  const setTaskInStage = useAppStore((s) => s.setTaskInStage);
  const showActions = useAppStore((s) => s.presenterActions);
  const setShowActions = useAppStore((s) => s.setPresenterActions);
  const n = useMemo(() => {
    const tr = translator(lang);
    return cursor === 0 ? narrateStart(tr) : narrateStep(events, state, tr, lang);
  }, [cursor, events, state, lang]);
  return (
    <section
      className={`presenter-narration${showWhy ? ' with-why' : ''}`}
      aria-label={t('presenterNarrationLabel')}
      data-testid="presenter-narration"
    >
      <span className="presenter-step">{t('presenterStep', { n: cursor })}</span>
      {/* Announced when stepping, not while playing (it would never stop talking). */}
      <div className="presenter-text" aria-live={playing ? 'off' : 'polite'} aria-atomic="true">
        <p className="presenter-headline" title={showWhy ? undefined : n.why || undefined}>
          <TermText text={n.headline} />
        </p>
        {showWhy && n.why && (
          <p className="presenter-why" data-testid="presenter-why">
            <TermText text={n.why} />
          </p>
        )}
      </div>
      <div className="presenter-toggles">
        <button
          type="button"
          aria-pressed={showWhy}
          title={t('clsPresenterWhyHint')}
          data-testid="presenter-why-toggle"
          onClick={() => setShowWhy(!showWhy)}
        >
          {t('clsPresenterWhy')}
        </button>
        <button
          type="button"
          aria-pressed={taskInStage}
          title={t('clsPresenterTaskHint')}
          data-testid="presenter-task-toggle"
          onClick={() => setTaskInStage(!taskInStage)}
        >
          {t('clsPresenterTask')}
        </button>
        <button
          type="button"
          aria-pressed={showActions}
          title={t('hlpPresenterActionsHint')}
          data-testid="presenter-actions-toggle"
          onClick={() => setShowActions(!showActions)}
        >
          {t('hlpPresenterActions')}
        </button>
      </div>
    </section>
  );
}
