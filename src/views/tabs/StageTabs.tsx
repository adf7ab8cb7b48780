/**
 * The lower-left slot of the stage holds views of the checkpoints, one at a time: the history
 * table, the shared state registry (seed 002's table), the timeline (Gantt) and the charts, plus the Restore view once the recording
 * holds a restore (src/views/restore; its tab is marked while a restore runs at the cursor).
 * ARIA tabs pattern with automatic activation: ← → Home End move between tabs and show the tab
 * they land on.
 */
import { lazy, Suspense, useEffect, useMemo, useRef, type KeyboardEvent } from 'react';
import { useT } from '../../i18n/useT';
import type { MessageKey } from '../../i18n/messages';
import { CheckpointHistory } from '../checkpoints/CheckpointHistory';
import { useRestoreTab } from '../restore/useRestoreTab';
import { useAppStore } from '../../store/appStore';
import { STAGE_TAB_IDS, type StageTabId } from '../../store/navigationSlice';
import './tabs.css';

// Not on screen at start: their code loads when their tab is first shown (npm run bench: initial bundle).
const CheckpointTimeline = lazy(() => import('../timeline/CheckpointTimeline').then((m) => ({ default: m.CheckpointTimeline })));
const ChartsPanel = lazy(() => import('../charts/ChartsPanel').then((m) => ({ default: m.ChartsPanel })));
const RestoreView = lazy(() => import('../restore/RestoreView').then((m) => ({ default: m.RestoreView })));
const RegistryTable = lazy(() => import('../registry/RegistryTable').then((m) => ({ default: m.RegistryTable })));

const ALL_TABS = STAGE_TAB_IDS;
type TabId = StageTabId;
const LABELS: Record<TabId, MessageKey> = {
  checkpoints: 'checkpoints',
  registry: 'rgTab',
  timeline: 'tabTimeline',
  charts: 'tabCharts',
  restore: 'rsTab',
};

export function StageTabs() {
  const t = useT();
  // In the store, so the shortcuts 1–5 (app/useKeyboardShortcuts.ts) switch the same tab.
  const chosen = useAppStore((s) => s.stageTab);
  const setTab = useAppStore((s) => s.setStageTab);
  const setShown = useAppStore((s) => s.setStageTabsShown);
  // A lesson stop that highlights a tab opens it (once per request; the learner may switch away).
  const lessonTab = useAppStore((s) => s.lessonTab);
  useEffect(() => {
    if (lessonTab && (ALL_TABS as readonly string[]).includes(lessonTab.tab)) setTab(lessonTab.tab as TabId);
  }, [lessonTab, setTab]);
  const refs = useRef(new Map<TabId, HTMLButtonElement>());
  const restoreTab = useRestoreTab();
  const TABS: readonly TabId[] = useMemo(
    () => (restoreTab.visible ? ALL_TABS : ALL_TABS.filter((id) => id !== 'restore')),
    [restoreTab.visible],
  );
  useEffect(() => setShown(TABS), [TABS, setShown]);
  // A recording without a restore has no Restore tab: show the history instead.
  const tab = TABS.includes(chosen) ? chosen : 'checkpoints';

  const onKeyDown = (e: KeyboardEvent, index: number) => {
    let next: number;
    if (e.key === 'ArrowRight') next = (index + 1) % TABS.length;
    else if (e.key === 'ArrowLeft') next = (index - 1 + TABS.length) % TABS.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = TABS.length - 1;
    else return;
    // These keys also step the timeline (global shortcuts): on a tab they only move between tabs.
    e.preventDefault();
    e.stopPropagation();
    setTab(TABS[next]!);
    refs.current.get(TABS[next]!)?.focus();
  };

  return (
    <section className="panel stage-tabs" data-testid="stage-tabs">
      <div className="tab-strip" role="tablist" aria-label={t('tabStripLabel')}>
        {TABS.map((id, i) => (
          <button
            key={id}
            ref={(el) => {
              if (el) refs.current.set(id, el);
              else refs.current.delete(id);
            }}
            type="button"
            role="tab"
            id={`stage-tab-${id}`}
            aria-selected={tab === id}
            aria-controls={`stage-tabpanel-${id}`}
            tabIndex={tab === id ? 0 : -1}
            data-testid={`tab-${id}`}
            onClick={() => setTab(id)}
            onKeyDown={(e) => onKeyDown(e, i)}
          >
            {t(LABELS[id])}
            {id === 'restore' && restoreTab.live && <span className="tab-live" role="img" aria-label={t('rsTabLive')} title={t('rsTabLive')} />}
          </button>
        ))}
      </div>
      <div
        className="tab-panel"
        role="tabpanel"
        id={`stage-tabpanel-${tab}`}
        aria-labelledby={`stage-tab-${tab}`}
        data-testid={`tabpanel-${tab}`}
      >
        {tab === 'checkpoints' && <CheckpointHistory />}
        <Suspense fallback={null}>
          {tab === 'timeline' && <CheckpointTimeline />}
          {tab === 'charts' && <ChartsPanel />}
          {tab === 'restore' && <RestoreView />}
          {tab === 'registry' && <RegistryTable />}
        </Suspense>
      </div>
    </section>
  );
}
