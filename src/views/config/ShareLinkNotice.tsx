/**
 * Opens a share link (`#scenario=…`) once at startup and says how that went: the shared
 * scenario's title, or why the link could not be opened (the app then keeps its scenario).
 */
import { useEffect, useState } from 'react';
import { useT } from '../../i18n/useT';
import {
  readShareLinkAtStartup,
  type ShareLinkOutcome,
} from '../../app/scenarioIo/readShareLinkAtStartup';
import { ProblemList } from './ProblemList';
import './scenarioDialog.css';

export function ShareLinkNotice() {
  const t = useT();
  const [outcome, setOutcome] = useState<ShareLinkOutcome | null>(null);
  useEffect(() => {
    // The hash is cleared on the first read, so StrictMode's second run finds nothing to open.
    const read = readShareLinkAtStartup(window.location, window.history);
    // A link with the sender's step and actions is answered once they are replayed on the streaming run.
    if (read instanceof Promise) void read.then((r) => r && setOutcome(r));
    else if (read) setOutcome(read);
  }, []);
  if (!outcome) return null;
  return (
    <div
      className={outcome.ok ? 'share-notice' : 'share-notice refused'}
      role={outcome.ok ? 'status' : 'alert'}
      data-testid="share-link-notice"
    >
      <div>
        {outcome.ok ? (
          t('linkOpened', { title: outcome.title })
        ) : (
          <>
            <strong>{t('linkRefused')}</strong>
            <ProblemList problems={outcome.problems} />
          </>
        )}
      </div>
      <button type="button" onClick={() => setOutcome(null)} data-testid="share-link-dismiss">
        {t('dismiss')}
      </button>
    </div>
  );
}
