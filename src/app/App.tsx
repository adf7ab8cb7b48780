/** The application shell: header, the stage for the views, the side panel and the control bar. */
import { lazy, Suspense, useEffect } from 'react';
import { AppHeader } from '../views/header/AppHeader';
import { ControlBar } from '../views/controls/ControlBar';
import { EventList } from '../views/events/EventList';
import { HelpOverlay } from '../views/help/HelpOverlay';
import { GlossaryHost } from '../views/glossary/GlossaryHost';
import { JobGraphView } from '../views/job/JobGraphView';
import { TaskStatePanel } from '../views/taskState/TaskStatePanel';
import { CheckpointDetailPanel } from '../views/checkpoints/CheckpointDetailPanel';
import { StageTabs } from '../views/tabs/StageTabs';
import { StorageView } from '../views/storage/StorageView';
import { ActionsPanel } from '../views/actions/ActionsPanel';
import { NarrationPanel } from '../views/narration/NarrationPanel';
import { PresenterNarration } from '../views/presenter/PresenterNarration';
import { useAppStore } from '../store/appStore';
import { selectLang, selectPresenter, selectTaskInStage } from '../store/selectors';
import { useT } from '../i18n/useT';
import { usePlayback } from './usePlayback';
import { useKeyboardShortcuts } from './useKeyboardShortcuts';
import { usePersistenceSync } from './usePersistenceSync';
import { PersistenceStatus } from '../views/persistence/PersistenceStatus';
import { RestoreOfferDialog } from '../views/persistence/RestoreOfferDialog';
import { ShareLinkNotice } from '../views/config/ShareLinkNotice';
import { PageFileDrop } from '../views/config/PageFileDrop';
import { PANEL, PacedPanel } from '../views/panelPace';
import { RecordingProgressBar } from '../views/controls/RecordingProgressBar';
import { RecordingProblem } from '../views/controls/RecordingProblem';
import { LessonPanel } from '../views/lessons/LessonPanel';
import { LessonPicker } from '../views/lessons/LessonPicker';
import { LessonBuilder } from '../views/lessons/LessonBuilder';
import { LessonNotes } from '../views/lessons/LessonNotes';
import { useLessonStartup } from './lessons/useLessonStartup';
import { selectLessonNeedsActions, selectLessonNeedsEvents, selectLessonNeedsStorage, selectLessonNeedsTask } from './lessons/presenterLessonTargets';
import { useInspector } from './inspector/inspectorStore';
import { registerInspector } from './inspector/registerInspector';

// The inspector mode (`?inspect`) is its own chunk: a learner who never opens it never loads it.
const InspectorPage = lazy(() => import('../views/inspector/InspectorPage').then((m) => ({ default: m.InspectorPage })));

export function App() {
  const t = useT();
  const lang = useAppStore(selectLang);
  const presenter = useAppStore(selectPresenter);
  // A lesson stop in presenter mode brings the panel it highlights into the stage (presenterLessonTargets.ts).
  const lessonTask = useAppStore(selectLessonNeedsTask);
  const lessonEvents = useAppStore(selectLessonNeedsEvents);
  const lessonStorage = useAppStore(selectLessonNeedsStorage);
  const lessonActions = useAppStore(selectLessonNeedsActions);
  const taskInStage = useAppStore(selectTaskInStage) || lessonTask;
  const actionsInStage = useAppStore((s) => s.presenter && s.presenterActions) || lessonActions;
  const storageInStage = lessonStorage || (!taskInStage && !actionsInStage && !lessonEvents);
  usePlayback();
  useKeyboardShortcuts();
  usePersistenceSync();
  useLessonStartup();
  const inLesson = useAppStore((s) => s.lesson !== null);
  // Start-up dialogs in one order: the restore offer (it comes once storage is open) first, then
  // the lesson picker a first visit or a lesson link that could not open asks for. Both are
  // modal, so the picker waits, hidden, until the offer is answered.
  const offerOpen = useAppStore((s) => s.restoreOffer !== null);
  const inspecting = useInspector((s) => s.shown);
  useEffect(registerInspector, []);
  useEffect(() => {
    document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
    document.title = t('appTitle');
  }, [lang, t]);
  // The inspector replaces the simulator's page (the run stays in the store, as it was).
  if (inspecting)
    return (
      <Suspense fallback={null}>
        <InspectorPage />
      </Suspense>
    );
  return (
    <div className={presenter ? 'app presenter' : 'app'} data-testid="app">
      {/* The storage indicator sits at the header's right end, outside AppHeader's own markup. */}
      <div className="header-bar">
        <AppHeader />
        <PersistenceStatus />
      </div>
      <main className="workspace">
        <div className="stage">
          <RecordingProblem />
          <RecordingProgressBar />
          {presenter && inLesson && <LessonPanel />}
          {presenter && (
            <PacedPanel group={PANEL.side}>
              <PresenterNarration />
            </PacedPanel>
          )}
          <JobGraphView />
          <div className="stage-row">
            {/* Checkpoint history, timeline and charts share this slot as tabs. */}
            <PacedPanel group={PANEL.stage}>
              <StageTabs />
              {storageInStage && <StorageView />}
            </PacedPanel>
            {/* Presenter mode shows the actions on demand, in remote storage's place (or beside the subtask panel). */}
            {actionsInStage && (
              <PacedPanel group={PANEL.side}>
                <ActionsPanel inStage />
              </PacedPanel>
            )}
            {/* Enlarged, the subtask panel (DSTL tape, LSM, state table) takes remote storage's slot:
                about twice the side column's room at 1280×720, and the only place for it in presenter mode. */}
            {taskInStage && (
              <PacedPanel group={PANEL.task}>
                <TaskStatePanel />
              </PacedPanel>
            )}
            {presenter && lessonEvents && (
              <PacedPanel group={PANEL.events}>
                <EventList />
              </PacedPanel>
            )}
          </div>
          <p className="simplification">
            {/* An SVG, not ⓘ (U+24D8): many projector PCs have no font with that glyph. */}
            <svg
              className="info-icon"
              viewBox="0 0 16 16"
              width="14"
              height="14"
              aria-hidden="true"
              focusable="false"
            >
              <circle cx="8" cy="8" r="6.75" fill="none" stroke="currentColor" strokeWidth="1.5" />
              <path d="M8 7v4.5" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
              <circle cx="8" cy="4.6" r="1" fill="currentColor" />
            </svg>
            {t('simplification')}
          </p>
        </div>
        {/* Presenter mode gives the stage the whole width; its narration line stands in for the side panel. */}
        {!presenter && (
          <aside className="side">
            {inLesson && <LessonPanel />}
            <LessonBuilder />
            {/* While playing fast these panels are refreshed in turn, one group per frame (panelPace.tsx). */}
            <PacedPanel group={PANEL.side}>
              <ActionsPanel />
              <NarrationPanel />
            </PacedPanel>
            {!taskInStage && (
              <PacedPanel group={PANEL.task}>
                <TaskStatePanel />
              </PacedPanel>
            )}
            <PacedPanel group={PANEL.events}>
              <EventList />
            </PacedPanel>
          </aside>
        )}
      </main>
      <CheckpointDetailPanel />
      <ControlBar />
      <HelpOverlay />
      <GlossaryHost />
      <RestoreOfferDialog />
      <ShareLinkNotice />
      <PageFileDrop />
      {!offerOpen && <LessonPicker />}
      <LessonNotes />
    </div>
  );
}
