/** The events produced by the step at the cursor, each with its Flink reference. */
import { eventNamespace } from '../../engine';
import { useAppStore } from '../../store/appStore';
import { selectCursor, selectEventsAtCursor, selectLang } from '../../store/selectors';
import { useT } from '../../i18n/useT';
import { describeEvent } from '../../i18n/eventText';
import { namespaceColor } from '../colors';

export function EventList() {
  const t = useT();
  const lang = useAppStore(selectLang);
  const cursor = useAppStore(selectCursor);
  const events = useAppStore(selectEventsAtCursor);
  return (
    <section className="panel event-list" aria-labelledby="events-title">
      <h2 id="events-title">
        {t('eventsAtStep')} <span className="muted">#{cursor}</span>
      </h2>
      {events.length === 0 ? (
        <p className="muted" data-testid="no-events">
          {t('noEventsAtStart')}
        </p>
      ) : (
        <ol data-testid="events">
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
