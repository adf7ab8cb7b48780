/** Title bar with the language switch, the lessons, the Examples gallery, the scenario dialog, presenter mode and the shortcut help button. */
import { lazy, Suspense, useState } from 'react';
import { useAppStore } from '../../store/appStore';
import { ScenarioButton } from '../config/ScenarioButton';
import { LanguageSwitch, LANGS } from './LanguageSwitch';
import { ExamplesButton } from '../examples/ExamplesButton';
import { PresenterControls } from '../presenter/PresenterControls';
import { useT } from '../../i18n/useT';
import { openLessonPicker } from '../../app/lessons/lessonNavigation';
import { useInspector } from '../../app/inspector/inspectorStore';

// Loaded when first opened: it is not needed to start (npm run bench: initial bundle).
const ConfigDialog = lazy(() => import('../config/ConfigDialog').then((m) => ({ default: m.ConfigDialog })));
/** Fetched when the pointer or focus reaches the button, so a key pressed right after opening is not lost to loading. */
const loadExamplesDialog = () => import('../examples/ExamplesDialog');
const ExamplesDialog = lazy(() => loadExamplesDialog().then((m) => ({ default: m.ExamplesDialog })));


export function AppHeader() {
  const t = useT();
  const langLoadFailed = useAppStore((s) => s.langLoadFailed);
  const setHelpOpen = useAppStore((s) => s.setHelpOpen);
  const [configOpen, setConfigOpen] = useState(false);
  const [examplesOpen, setExamplesOpen] = useState(false);
  return (
    <header className="app-header">
      <div className="brand">
        <h1>{t('appTitle')}</h1>
        {/* A failed language switch takes the tagline's place: the header is the switch's own spot. */}
        {langLoadFailed ? (
          <p className="tagline" role="alert" data-testid="lang-error">
            {t('languageLoadFailed', { language: LANGS.find((l) => l.id === langLoadFailed)?.label ?? langLoadFailed })}
          </p>
        ) : (
          <p className="tagline">{t('appTagline')}</p>
        )}
      </div>
      <div className="header-tools">
        <LanguageSwitch />
        <button type="button" onClick={openLessonPicker} data-testid="lessons-button">
          {t('lessonHeaderButton')}
        </button>
        <button type="button" onClick={useInspector.getState().show} title={t('insHeaderButtonTitle')} data-testid="inspect-button">
          {t('insHeaderButton')}
        </button>
        {/* A new tab: the comparison records its own runs and leaves this run as it is. */}
        <a className="header-link" href="?compare" target="_blank" rel="noopener" title={t('cmpHeaderButtonHint')} data-testid="compare-link">
          {t('cmpHeaderButton')}
        </a>
        <ExamplesButton onClick={() => setExamplesOpen(true)} onPrefetch={() => void loadExamplesDialog()} />
        <ScenarioButton onClick={() => setConfigOpen(true)} />
        <PresenterControls />
        <button type="button" className="help-button" onClick={() => setHelpOpen(true)} aria-label={t('help')} title={`${t('help')} (?)`} data-testid="help-button">
          ?
        </button>
      </div>
      {configOpen && (
        <Suspense fallback={null}>
          <ConfigDialog onClose={() => setConfigOpen(false)} />
        </Suspense>
      )}
      {examplesOpen && (
        <Suspense fallback={null}>
          <ExamplesDialog onClose={() => setExamplesOpen(false)} />
        </Suspense>
      )}
    </header>
  );
}
