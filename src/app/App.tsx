/** The application shell: header, the stage for the views, the side panel and the control bar. */
import { useEffect } from 'react';
import { AppHeader } from '../views/header/AppHeader';
import { ControlBar } from '../views/controls/ControlBar';
import { EventList } from '../views/events/EventList';
import { HelpOverlay } from '../views/help/HelpOverlay';
import { JobGraphView } from '../views/job/JobGraphView';
import { TaskStatePanel } from '../views/taskState/TaskStatePanel';
import { CheckpointHistory } from '../views/checkpoints/CheckpointHistory';
import { StorageView } from '../views/storage/StorageView';
import { ActionsPanel } from '../views/actions/ActionsPanel';
import { useAppStore } from '../store/appStore';
import { selectLang } from '../store/selectors';
import { useT } from '../i18n/useT';
import { usePlayback } from './usePlayback';
import { useKeyboardShortcuts } from './useKeyboardShortcuts';

export function App() {
  const t = useT();
  const lang = useAppStore(selectLang);
  usePlayback();
  useKeyboardShortcuts();
  useEffect(() => {
    document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
    document.title = t('appTitle');
  }, [lang, t]);
  return (
    <div className="app">
      <AppHeader />
      <main className="workspace">
        <div className="stage">
          <JobGraphView />
          <div className="stage-row">
            <CheckpointHistory />
            <StorageView />
          </div>
          <p className="simplification">{t('simplification')}</p>
        </div>
        <aside className="side">
          <ActionsPanel />
          <TaskStatePanel />
          <EventList />
        </aside>
      </main>
      <ControlBar />
      <HelpOverlay />
    </div>
  );
}
