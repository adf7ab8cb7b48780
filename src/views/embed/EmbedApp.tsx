/**
 * The simulator embedded in a comparison column (`?embed=1#scenario=…`): the simulator's own job
 * graph, checkpoint history and shared state registry for one run, in a compact fixed layout, read
 * only. No header, no controls, and no persistence: nothing is written to IndexedDB (the user's
 * saved session) and the first-visit lesson picker is left alone; the App's persistence and lesson
 * hooks are simply not mounted. The comparison page moves its cursor by `postMessage`
 * (embedProtocol.ts), and it answers with the step it shows.
 */
import { useEffect, useState } from 'react';
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
import './embed.css';

function tell(m: FromEmbed): void {
  // Only ever to the page that framed us, on our own origin (a foreign framer gets nothing).
  if (window.parent !== window) window.parent.postMessage(m, location.origin);
}

/** The run is recorded once per page, even though StrictMode mounts the effect twice in development. */
let loaded: Extract<FromEmbed, { type: 'ready' | 'error' }> | null = null;

export function EmbedApp() {
  const t = useT();
  const lang = useAppStore(selectLang);
  const cursor = useAppStore(selectCursor);
  const length = useAppStore(selectLength);
  const timeMs = useAppStore(selectTimeAtCursor);
  const [status, setStatus] = useState<FromEmbed | null>(loaded);
  /** The last seek answered, told to the page once the views show it (after the commit). */
  const [answer, setAnswer] = useState<Extract<FromEmbed, { type: 'at' }> | null>(null);

  useEffect(() => {
    document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
  }, [lang]);

  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      const m = readToEmbed(e, location.origin, window.parent);
      if (!m || !loaded || loaded.type !== 'ready') return;
      if (m.type === 'seekTime') setAnswer(seekEmbeddedRun(m.ms));
      else
        void loadLanguage(m.lang).then(
          () => useAppStore.setState({ lang: m.lang }),
          (err: unknown) => console.warn('Checkpoint Lab: the embedded view could not switch language', err),
        );
    };
    window.addEventListener('message', onMessage);
    // Painted "recording…" first, then the run records (applyScenario, the app's own path).
    // It records in the worker: "ready" is told once the whole run is there.
    const timer = loaded
      ? undefined
      : setTimeout(() => {
          void loadEmbeddedRun(location.hash).then((r) => {
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

  useEffect(() => {
    if (answer) tell(answer);
  }, [answer]);

  return (
    <div className="embed-app" data-testid="embed-app" style={{ width: EMBED_WIDTH, height: EMBED_HEIGHT }}>
      <p className="embed-at" data-testid="embed-at" data-step={cursor} data-ms={answer?.ms ?? ''}>
        {status?.type === 'ready' ? t('embedAt', { time: formatTime(timeMs), step: cursor, steps: length }) : status?.type === 'error' ? status.message : t('embedRecording')}
      </p>
      {status?.type === 'ready' && (
        <>
          <div className="embed-job">
            <JobGraphView />
          </div>
          <div className="embed-history">
            <CheckpointHistory />
          </div>
          <section className="panel embed-registry" aria-labelledby="embed-registry-title">
            <h2 id="embed-registry-title">{t('rgTab')}</h2>
            <RegistryTable />
          </section>
          <p className="embed-note">{t('embedReadOnly')}</p>
        </>
      )}
    </div>
  );
}
