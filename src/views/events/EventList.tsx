/**
 * The events produced by the step at the cursor, each with its Flink reference. The list folds to
 * its heading (with the count), by default on a short screen, where the narration summarizes the
 * step and the subtask state needs the height; the choice is remembered (src/views/side).
 */
import { eventNamespace } from '../../engine';
import { useAppStore } from '../../store/appStore';
import { selectLang } from '../../store/selectors';
import { useT } from '../../i18n/useT';
import { describeEvent } from '../../i18n/eventText';
import { namespaceColor } from '../colors';
import { useViewCursor, useViewEvents } from '../panelPace';
import { SideToggle } from '../side/SideToggle';
import { useSidePanelOpen } from '../side/useSidePanelOpen';

export function EventList() {
  const t = useT();
  const lang = useAppStore(selectLang);
  const cursor = useViewCursor();
  const events = useViewEvents();
  const [open, setOpen] = useSidePanelOpen('events', true);
  // A run recorded in summary (recordSummary.ts) shows its records counted: say so where they would be.
  const summary = useAppStore((s) => s.timeline.detail === 'summary');
  return (
    <section
      className={`panel event-list${open ? '' : ' collapsed'}`}
      aria-labelledby="events-title"
      data-testid="event-list"
    >
      <h2 id="events-title">
        <SideToggle
          open={open}
          onToggle={() => setOpen(!open)}
          controls="events-body"
          testId="events-toggle"
        >
          {t('eventsAtStep')} <span className="muted">#{cursor}</span>
        </SideToggle>
        {!open && events.length > 0 && (
          <span className="muted side-count">
            {events.length === 1
              ? t('sideEventsCountOne')
              : t('sideEventsCount', { n: events.length })}
          </span>
        )}
      </h2>
      {summary && open && (
        <p className="muted small" data-testid="events-summary-note">
          {t('eventsSummaryNote')}
        </p>
      )}
      {/* The note at the start is how to begin, not a list: it shows even while folded. */}
      {events.length === 0 ? (
        <p className="muted" data-testid="no-events" id="events-body">
          {t('noEventsAtStart')}
        </p>
      ) : (
        // Folded, the list stays in the document, hidden: the toggle's aria-controls names it, and
        // what reads the step's events from the page (the e2e specs do) still finds them.
        <ol data-testid="events" id="events-body" hidden={!open}>
          {events.map((e, i) => (
            <li key={i} className="event">
              <div className="event-head">
                <span className="event-type" style={{ borderColor: namespaceColor(eventNamespace(e.type)) }}>
                  {e.type}
                </span>
                {e.task && (
                  <span className="event-task" title={t('task')}>
                    {e.task}
                  </span>
                )}
                <span className="event-time">{e.atMs} ms</span>
              </div>
              <p className="event-text">{describeEvent(e, lang)}</p>
              {e.flinkRef !== '-' && (
                <code className="flink-ref" title={t('flinkRef')}>
                  {e.flinkRef.replace('org.apache.flink.', 'o.a.f.')}
                </code>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
