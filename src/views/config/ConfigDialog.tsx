/**
 * The scenario dialog: its configuration under Flink's keys, editable, with Flink's real
 * defaults beside this run's values (scaled sizes and compressed times are marked, so nobody
 * mistakes a 1 KB write buffer for advice), and importing or exporting whole scenarios.
 * A scenario file dropped anywhere on it is imported.
 */
import { useRef, useState } from 'react';
import { useAppStore } from '../../store/appStore';
import { useT } from '../../i18n/useT';
import { DOCUMENT } from '../../app/scenarioIo/importScenarioText';
import { ApplyBar } from './ApplyBar';
import { ConfigForm } from './ConfigForm';
import { ExportSection } from './ExportSection';
import { ImportSection } from './ImportSection';
import { useDialogFocus } from './useDialogFocus';
import { useFileDrop } from './useFileDrop';
import { useScenarioDraft } from './useScenarioDraft';
import { useScenarioImport } from './useScenarioImport';
import { selectLang } from '../../store/selectors';
import { shownTitle } from './builtInTitles';
import './scenarioDialog.css';

type Tab = 'config' | 'io';

export function ConfigDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const lang = useAppStore(selectLang);
  const scenario = useAppStore((s) => s.scenario);
  const [tab, setTab] = useState<Tab>('config');
  const form = useScenarioDraft();
  const io = useScenarioImport();
  const dialog = useRef<HTMLDivElement>(null);
  const onKeyDown = useDialogFocus(dialog, onClose);
  const drop = useFileDrop((files) => {
    setTab('io');
    const [file] = files;
    if (files.length !== 1 || !file)
      io.refuse(t('ioDroppedSource'), [
        { path: DOCUMENT, message: t('ioDropOne', { n: files.length }) },
      ]);
    else void io.importFile(file);
  });
  const tabs: { id: Tab; label: string }[] = [
    { id: 'config', label: t('configuration') },
    { id: 'io', label: t('ioTab') },
  ];
  return (
    // The backdrop does not close the dialog: a stray click must not throw away edits.
    <div className="overlay" role="presentation" {...drop.handlers}>
      <div
        ref={dialog}
        className={
          drop.dragging ? 'dialog wide scenario-dialog dragging' : 'dialog wide scenario-dialog'
        }
        role="dialog"
        aria-modal="true"
        aria-labelledby="config-title"
        data-testid="config-dialog"
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <div className="scenario-dialog-head">
          <h2 id="config-title">
            {t('ioDialogTitle')} <span className="muted">— </span>
            <span className="muted" data-testid="config-scenario-title" title={scenario.title}>
              {shownTitle(scenario.title, lang, t)}
            </span>
          </h2>
          <button type="button" onClick={onClose} data-testid="config-close">
            {t('close')}
          </button>
        </div>
        <div className="scenario-tabs" role="tablist" aria-label={t('ioDialogTitle')}>
          {tabs.map((x) => (
            <button
              key={x.id}
              type="button"
              role="tab"
              id={`scenario-tab-${x.id}`}
              aria-selected={tab === x.id}
              aria-controls={`scenario-panel-${x.id}`}
              data-testid={`tab-${x.id}`}
              onClick={() => setTab(x.id)}
            >
              {x.label}
            </button>
          ))}
        </div>
        {tab === 'config' ? (
          <div
            className="scenario-panel"
            role="tabpanel"
            id="scenario-panel-config"
            aria-labelledby="scenario-tab-config"
          >
            <p className="muted small">{t('configNote')}</p>
            <div className="config-scroll">
              <ConfigForm form={form} />
            </div>
            <ApplyBar form={form} />
          </div>
        ) : (
          <div
            className="scenario-panel io-panel"
            role="tabpanel"
            id="scenario-panel-io"
            aria-labelledby="scenario-tab-io"
          >
            <ImportSection io={io} />
            <ExportSection />
          </div>
        )}
        {drop.dragging && (
          <div className="drop-hint" aria-hidden="true">
            {t('ioDropNow')}
          </div>
        )}
      </div>
    </div>
  );
}
