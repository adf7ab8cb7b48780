/**
 * The step at the cursor told in one or two sentences (what happened, and why), the Flink code
 * it models, and what the next relevant step is, with a button to go there. Built from the
 * recording by pure functions (narrate.ts); this component only shows them.
 */
import { useMemo } from 'react';
import { useAppStore } from '../../store/appStore';
import { selectLang, selectPlaying } from '../../store/selectors';
import { useT } from '../../i18n/useT';
import { narrate, shortFlinkRef, translator } from './narrate';
import { useViewCursor, useViewState } from '../panelPace';
import './narration.css';
import { TermText } from '../glossary/Term';

export function NarrationPanel() {
  const t = useT();
  const lang = useAppStore(selectLang);
  const cursor = useViewCursor();
  const playing = useAppStore(selectPlaying);
  const timeline = useAppStore((s) => s.timeline);
  const state = useViewState();
  // The next hint looks ahead: while the run streams in (`recorded` grows), it is looked for
  // again in what arrived, and "nothing else" is said only of a whole run.
  const recorded = useAppStore((s) => s.recorded);
  const recording = useAppStore((s) => s.recording !== null);
  // The timeline object is mutable, but every re-recording or branch also moves the cursor and
  // yields a new state object, so these dependencies see every change of the recording.
  const n = useMemo(
    () => narrate(timeline.records(), cursor, state, translator(lang), lang),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [timeline, cursor, state, lang, recorded],
  );
  const go = (position: number) => {
    const s = useAppStore.getState();
    s.setPlaying(false);
    s.setCursor(position);
  };
  return (
    <section className="panel narration" aria-labelledby="narration-title" data-testid="narration">
      <h2 id="narration-title">
        {t('narTitle')} <span className="muted">· {t('narStepLabel', { n: cursor })}</span>
        {n.byUser && <span className="nar-user">{t('narByUser')}</span>}
      </h2>
      {/* Announced when stepping, not while playing (it would never stop talking). */}
      <div className="nar-body" aria-live={playing ? 'off' : 'polite'} aria-atomic="true">
        <p className="nar-headline" data-testid="narration-headline">
          <TermText text={n.headline} />
        </p>
        {n.why && (
          <p className="nar-why" data-testid="narration-why" title={n.why}>
            <TermText text={n.why} />
          </p>
        )}
      </div>
      {n.flinkRef !== '-' && (
        <p className="nar-ref">
          <span className="muted">{t('flinkRef')}:</span>{' '}
          <code className="flink-ref" title={n.flinkRef} data-testid="narration-ref">
            {shortFlinkRef(n.flinkRef)}
          </code>
        </p>
      )}
      <div className="nar-next" data-testid="narration-next">
        {n.next ? (
          <>
            <span className="nar-next-label">{t('narNext')}</span>{' '}
            <span className="nar-next-text">
              {t('narNextAt', { text: n.next.text, n: n.next.position })}
            </span>
            <button
              type="button"
              className="nar-jump"
              data-testid="narration-jump"
              aria-label={t('narJumpLabel', { n: n.next.position, text: n.next.text })}
              onClick={() => go(n.next!.position)}
            >
              {t('narJump')} ›
            </button>
          </>
        ) : (
          <span className="muted">{t(recording ? 'narNoNextYet' : 'narNoNext')}</span>
        )}
      </div>
    </section>
  );
}
