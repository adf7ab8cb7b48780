/**
 * The simulator embedded in a comparison column (`?embed=1#scenario=…`): the simulator's own job
 * graph, checkpoint history and shared state registry for one run, in a compact fixed layout, read
 * only. No header, no controls, and no persistence: nothing is written to IndexedDB (the user's
 * saved session) and the first-visit lesson picker is left alone; the App's persistence and lesson
 * hooks are simply not mounted. The comparison page moves its cursor by `postMessage`
 * (embedProtocol.ts), and it answers with the step it shows. The frame shares the page's main
 * thread: a seek moves the views one at a time, each in a task of its own (the job graph with the
 * cursor, then the registry, then the history), see seekEmbeddedRun.
 */
import { useEffect, useState } from 'react';
import { PacedPanel, PANEL } from '../panelPace';
import { useAppStore } from '../../store/appStore';
import { selectCursor, selectLang, selectLength, selectTimeAtCursor } from '../../store/selectors';
import { useT } from '../../i18n/useT';
import { loadLanguage } from '../../i18n/catalog';
import { JobGraphView } from '../job/JobGraphView';
import { CheckpointHistory } from '../checkpoints/CheckpointHistory';
import { RegistryTable } from '../registry/RegistryTable';
import { formatTime } from '../compare/OverlayChart';
import { readToEmbed, type FromEmbed } from '../../app/embed/embedProtocol';
import { loadEmbeddedRun, seekEmbeddedRun } from '../../app/embed/embeddedRun';
import { EMBED_HEIGHT, EMBED_WIDTH } from '../../app/embed/embedSize';
import { fontsForSymbols } from '../../app/fonts/loadFonts';
import { useInTurn } from '../useInTurn';
import './embed.css';

function tell(m: FromEmbed): void {
  // Only ever to the page that framed us, on our own origin (a foreign framer gets nothing).
  if (window.parent !== window) window.parent.postMessage(m, location.origin);
}

/**
 * A seek moves the cursor with a group no view here is in (the job graph and the step line follow
 * the cursor), then the registry's group, then the history's: one render per task.
 */
const SEEK_ORDER = [PANEL.task, PANEL.side, PANEL.stage];

/** The run is recorded once per page, even though StrictMode mounts the effect twice in development. */
let loaded: Extract<FromEmbed, { type: 'ready' | 'error' }> | null = null;

export function EmbedApp() {
  const t = useT();
  const lang = useAppStore(selectLang);
  const cursor = useAppStore(selectCursor);
  const length = useAppStore(selectLength);
  const timeMs = useAppStore(selectTimeAtCursor);
  const [status, setStatus] = useState<FromEmbed | null>(loaded);
  /** The last seek answered (the views show it), for the page and the e2e tests. */
  const [answer, setAnswer] = useState<Extract<FromEmbed, { type: 'at' }> | null>(null);
  // The views mount one per task once the run is there (the job graph, the history, the
  // registry): all three in one render was a task of 20–30 ms of CPU per frame, and the frames
  // share the page's main thread (issue 18 §6).
  const mounted = useInTurn(status?.type === 'ready' ? 3 : 0);

  useEffect(() => {
    document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
  }, [lang]);

  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      const m = readToEmbed(e, location.origin, window.parent);
      if (!m || !loaded || loaded.type !== 'ready') return;
      if (m.type === 'seekTime')
        void seekEmbeddedRun(m.ms, SEEK_ORDER).then((at) => {
          if (!at) return;
          setAnswer(at);
          tell(at);
        });
      else
        void loadLanguage(m.lang).then(
          () => useAppStore.setState({ lang: m.lang }),
          (err: unknown) => console.warn('Checkpoint Lab: the embedded view could not switch language', err),
        );
    };
    window.addEventListener('message', onMessage);
    // Painted "recording…" first, then the run records (applyScenario, the app's own path).
    // It records in the worker: "ready" is told once the whole run is there. The views' symbols'
    // glyphs load meanwhile, so that the views are laid out once, not again as each arrives.
    const timer = loaded
      ? undefined
      : setTimeout(() => {
          void Promise.all([loadEmbeddedRun(location.hash), fontsForSymbols()]).then(([r]) => {
            loaded = r;
            setStatus(r);
            tell(r);
          });
        });
    return () => {
      window.removeEventListener('message', onMessage);
      clearTimeout(timer);
    };
  }, []);


  return (
    <div className="embed-app" data-testid="embed-app" style={{ width: EMBED_WIDTH, height: EMBED_HEIGHT }}>
      <p className="embed-at" data-testid="embed-at" data-step={cursor} data-ms={answer?.ms ?? ''}>
        {status?.type === 'ready' ? t('embedAt', { time: formatTime(timeMs), step: cursor, steps: length }) : status?.type === 'error' ? status.message : t('embedRecording')}
      </p>
      {status?.type === 'ready' && (
        <>
          <div className="embed-job">{mounted >= 1 && <JobGraphView />}</div>
          <div className="embed-history">
            <PacedPanel group={PANEL.stage}>{mounted >= 2 && <CheckpointHistory />}</PacedPanel>
          </div>
          <section className="panel embed-registry" aria-labelledby="embed-registry-title">
            <h2 id="embed-registry-title">{t('rgTab')}</h2>
            <PacedPanel group={PANEL.side}>{mounted >= 3 && <RegistryTable />}</PacedPanel>
          </section>
          <p className="embed-note">{t('embedReadOnly')}</p>
        </>
      )}
    </div>
  );
}
