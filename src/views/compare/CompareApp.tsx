/**
 * The comparison page (`?compare=<id>&at=<ms>`): two or three runs of the same job side by side on
 * one simulated time axis — a ready-made comparison or the user's own scenario files. The runs
 * record in a Web Worker; the page shows progress, then columns at the shared cursor, the
 * differences in numbers, the overlaid charts and (for FLIP-158) the published figures.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useAppStore } from '../../store/appStore';
import { selectLang } from '../../store/selectors';
import { useT } from '../../i18n/useT';
import { LanguageSwitch } from '../header/LanguageSwitch';
import { COMPARISON_PRESETS, comparisonPreset, variantScenario, type ComparisonId } from '../../engine/compare/comparisonPresets';
import { formatProblems, parseScenarioText, type Scenario } from '../../engine';
import { useComparisonRun } from '../../app/compare/useComparisonRun';
import { compareLinkSearch, parseCompareLink } from '../../app/compare/compareLink';
import { downloadBlob, downloadJson } from '../../app/downloadJson';
import { axisLabel, presetText, presetTitle, variantLabel } from './compareLabels';
import { CompareProgress } from './CompareProgress';
import { CompareCursor } from './CompareCursor';
import { RunColumns } from './RunColumns';
import { RatioTable } from './RatioTable';
import { CompareCharts } from './CompareCharts';
import { Flip158Panel } from './Flip158Panel';
import { formatTime } from './OverlayChart';
import { stepTimes } from './runAtTime';
import { comparisonCsv, comparisonJsonDocument } from './comparisonExport';
import './compare.css';

interface OwnFiles {
  names: string[];
  scenarios: Scenario[];
}

export function CompareApp() {
  const t = useT();
  const lang = useAppStore(selectLang);
  const initial = useMemo(() => parseCompareLink(location.search), []);
  const [presetId, setPresetId] = useState<ComparisonId>(initial.preset);
  const [own, setOwn] = useState<OwnFiles | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [cursor, setCursor] = useState<number | null>(initial.atMs);
  const [notice, setNotice] = useState<string | null>(null);
  const { state, start, cancel } = useComparisonRun();
  const preset = comparisonPreset(presetId)!;

  const scenarios = useMemo(() => own?.scenarios ?? preset.variants.map((v) => variantScenario(preset, v.id)), [own, preset]);
  const labels = own ? own.names : preset.variants.map((v) => variantLabel(t, v.id));
  const run = useCallback(() => start(scenarios), [start, scenarios]);
  useEffect(run, [run]);
  useEffect(() => {
    document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
    document.title = `${t('cmpTitle')} · ${t('appTitle')}`;
  }, [lang, t]);

  const measured = state.runs.filter((r) => r !== null);
  const allMeasured = measured.length === scenarios.length && measured.length > 0;
  const maxMs = Math.max(...scenarios.map((s) => s.untilMs));
  const atMs = Math.min(cursor ?? maxMs, maxMs);
  const steps = useMemo(() => stepTimes(measured), [measured]);
  const moveCursor = useCallback(
    (ms: number) => {
      setCursor(ms);
      if (!own) history.replaceState(history.state, '', compareLinkSearch({ preset: presetId, atMs: ms }));
    },
    [own, presetId],
  );

  const pickPreset = (id: ComparisonId) => {
    setOwn(null);
    setFileError(null);
    setPresetId(id);
    setCursor(null);
    history.replaceState(history.state, '', compareLinkSearch({ preset: id, atMs: null }));
  };

  const pickFiles = async (files: FileList | null) => {
    if (!files) return;
    setFileError(null);
    if (files.length < 2 || files.length > 3) {
      setFileError(t('cmpOwnFilesCount', { n: files.length }));
      return;
    }
    const parsed: Scenario[] = [];
    for (const f of files) {
      const r = parseScenarioText(await f.text());
      if (!r.ok) {
        setFileError(t('cmpOwnFilesInvalid', { file: f.name, problems: formatProblems(r.problems) }));
        return;
      }
      parsed.push(r.scenario);
    }
    setCursor(null);
    setOwn({ names: [...files].map((f) => f.name), scenarios: parsed });
  };

  const share = async () => {
    if (own) {
      setNotice(t('cmpShareOwnFiles'));
      return;
    }
    const url = `${location.origin}${location.pathname}${compareLinkSearch({ preset: presetId, atMs })}`;
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      // No clipboard permission (e.g. an insecure context): the address bar holds the same link.
    }
    setNotice(t('cmpShareCopied', { time: formatTime(atMs) }));
  };

  const exportName = own ? 'comparison' : `comparison-${presetId}`;
  const measuredRuns = state.runs.flatMap((m) => (m ? [m] : []));
  const flipRuns = !own && presetId === 'flip158' && allMeasured ? { on: state.runs[0]!, off: state.runs[1]! } : null;

  return (
    <div className="cmp-app" data-testid="compare-app">
      <header className="cmp-header">
        <h1>{t('cmpTitle')}</h1>
        <a href={location.pathname} data-testid="cmp-back">
          {t('cmpBack')}
        </a>
        <LanguageSwitch />
      </header>
      <section className="cmp-pick">
        <label>
          <span>{t('cmpPickLabel')}</span>
          <select value={own ? '' : presetId} onChange={(e) => pickPreset(e.target.value as ComparisonId)} data-testid="cmp-preset">
            {own && <option value="">{t('cmpOwnTitle')}</option>}
            {COMPARISON_PRESETS.map((p) => (
              <option key={p.id} value={p.id}>
                {presetTitle(t, p)}
              </option>
            ))}
          </select>
        </label>
        <label className="cmp-files">
          <span>{t('cmpOwnFiles')}</span>
          <input type="file" accept=".json,application/json" multiple onChange={(e) => void pickFiles(e.target.files)} data-testid="cmp-files" aria-label={t('cmpOwnFilesButton')} />
        </label>
        {fileError && (
          <p className="cmp-error" role="alert" data-testid="cmp-file-error">
            {fileError}
          </p>
        )}
      </section>
      <section className="cmp-intro">
        <h2 data-testid="cmp-title">{own ? t('cmpOwnTitle') : presetTitle(t, preset)}</h2>
        {!own && <p>{presetText(t, preset)}</p>}
        <p className="cmp-hint">
          {t('cmpDiffers', { axis: axisLabel(t, own ? 'files' : preset.axis) })} · {t('cmpSameJob')}
        </p>
      </section>
      <CompareProgress state={state} onCancel={cancel} onRerun={run} />
      <CompareCursor atMs={atMs} maxMs={maxMs} steps={steps} onChange={moveCursor} />
      <RunColumns labels={labels} scenarios={scenarios} runs={state.runs} cursorMs={atMs} />
      <div className="cmp-toolbar">
        <button type="button" onClick={() => downloadBlob(`${exportName}.csv`, new Blob([comparisonCsv(labels, measuredRuns)], { type: 'text/csv' }))} disabled={measuredRuns.length === 0} data-testid="cmp-export-csv">
          {t('cmpExportCsv')}
        </button>
        <button type="button" onClick={() => downloadJson(`${exportName}.json`, comparisonJsonDocument(own ? 'files' : presetId, labels, measuredRuns))} disabled={measuredRuns.length === 0} data-testid="cmp-export-json">
          {t('cmpExportJson')}
        </button>
        <button type="button" onClick={() => void share()} data-testid="cmp-share">
          {t('cmpShare')}
        </button>
        {notice && (
          <span role="status" data-testid="cmp-notice">
            {notice}
          </span>
        )}
      </div>
      {allMeasured && <RatioTable labels={labels} runs={state.runs as NonNullable<(typeof state.runs)[number]>[]} />}
      {flipRuns && <Flip158Panel on={flipRuns.on} off={flipRuns.off} />}
      <CompareCharts labels={labels} runs={state.runs} cursorMs={atMs} />
      <p className="simplification">{t('cmpSimplified')}</p>
    </div>
  );
}
