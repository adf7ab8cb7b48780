/**
 * The lower-left slot of the stage holds three views of the checkpoints, one at a time: the
 * history table, the timeline (Gantt) and the charts. ARIA tabs pattern with automatic
 * activation: ← → Home End move between tabs and show the tab they land on.
 */
import { useRef, useState, type KeyboardEvent } from 'react';
import { useT } from '../../i18n/useT';
import type { MessageKey } from '../../i18n/messages';
import { CheckpointHistory } from '../checkpoints/CheckpointHistory';
import { CheckpointTimeline } from '../timeline/CheckpointTimeline';
import { ChartsPanel } from '../charts/ChartsPanel';
import './tabs.css';

const TABS = ['checkpoints', 'timeline', 'charts'] as const;
type TabId = (typeof TABS)[number];
const LABELS: Record<TabId, MessageKey> = {
  checkpoints: 'checkpoints',
  timeline: 'tabTimeline',
  charts: 'tabCharts',
};

export function StageTabs() {
  const t = useT();
  const [tab, setTab] = useState<TabId>('checkpoints');
  const refs = useRef(new Map<TabId, HTMLButtonElement>());

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
        {tab === 'timeline' && <CheckpointTimeline />}
        {tab === 'charts' && <ChartsPanel />}
      </div>
    </section>
  );
}
