/**
 * Presenter mode's one-line narration above the stage: the headline of the narration panel for
 * the step at the cursor (narrateStep/narrateStart of src/views/narration), without the "why",
 * the Flink reference or the next hint, which the side panel shows outside presenter mode. It
 * stands in for the side panels, so it is paced with their group while playing fast (panelPace).
 */
import { useMemo } from 'react';
import { useAppStore } from '../../store/appStore';
import { selectLang, selectPlaying } from '../../store/selectors';
import { useT } from '../../i18n/useT';
import { narrateStart, narrateStep, translator } from '../narration/narrate';
import { useViewCursor, useViewEvents, useViewState } from '../panelPace';

export function PresenterNarration() {
  const t = useT();
  const lang = useAppStore(selectLang);
  const cursor = useViewCursor();
  const playing = useAppStore(selectPlaying);
  const events = useViewEvents();
  const state = useViewState();
  const n = useMemo(() => {
    const tr = translator(lang);
    return cursor === 0 ? narrateStart(tr) : narrateStep(events, state, tr, lang);
  }, [cursor, events, state, lang]);
  return (
    <section
      className="presenter-narration"
      aria-label={t('presenterNarrationLabel')}
      data-testid="presenter-narration"
    >
      <span className="presenter-step">{t('presenterStep', { n: cursor })}</span>
      {/* Announced when stepping, not while playing (it would never stop talking). */}
      <p
        className="presenter-headline"
        aria-live={playing ? 'off' : 'polite'}
        title={n.why || undefined}
      >
        {n.headline}
      </p>
    </section>
  );
}
