/**
 * The Examples gallery: the built-in scenario and every file in scenarios/, each with a short
 * title and what the learner will see, the running one marked. Picking one loads its file
 * (loadExample) and applies it the way an import is applied (useScenarioImport): a new recording
 * from step 0, playback stopped, saved as the session's scenario, its title on the header's
 * scenario button. Then the dialog closes and focus goes back to the Examples button. A file that
 * does not parse changes nothing and lists its problems here.
 */
import { useId, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { useAppStore } from '../../store/appStore';
import { useT } from '../../i18n/useT';
import {
  BUILT_IN_EXAMPLE,
  EXAMPLES,
  examplePath,
  type Example,
} from '../../app/examples/exampleGallery';
import { currentExample, rememberExample } from '../../app/examples/currentExample';
import { loadExample } from '../../app/examples/loadExample';
import { ProblemList } from '../config/ProblemList';
import { useDialogFocus } from '../config/useDialogFocus';
import { useScenarioImport } from '../config/useScenarioImport';
import { useInitialFocus, moveAmongItems } from './galleryFocus';
import './examples.css';

export function ExamplesDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const id = useId();
  const scenario = useAppStore((s) => s.scenario);
  const cursor = useAppStore((s) => s.cursor);
  const io = useScenarioImport();
  const [picked, setPicked] = useState<string | null>(null);
  const dialog = useRef<HTMLDivElement>(null);
  const dialogKeys = useDialogFocus(dialog, onClose);
  useInitialFocus(dialog);
  const current = useMemo(() => currentExample(scenario), [scenario]);

  const pick = async (example: Example) => {
    setPicked(example.id);
    const outcome = await io.importFrom(t(example.title), () => loadExample(example.id));
    if (outcome?.kind !== 'loaded') return;
    rememberExample(example.id, useAppStore.getState().scenario);
    onClose();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (dialog.current && moveAmongItems(e, dialog.current)) return;
    dialogKeys(e);
  };
  const status = io.status;

  return (
    // A click on the backdrop closes it, like a menu: the gallery holds no edits to lose.
    <div
      className="overlay"
      role="presentation"
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div
        ref={dialog}
        className="dialog examples-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-intro`}
        data-testid="examples-dialog"
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <div className="examples-head">
          <h2 id={`${id}-title`}>{t('exDialogTitle')}</h2>
          <button type="button" onClick={onClose} data-testid="examples-close">
            {t('close')}
          </button>
        </div>
        <div id={`${id}-intro`} className="examples-intro">
          <p>{t('exIntro')}</p>
          {cursor > 0 && (
            <p className="examples-restart" data-testid="examples-restart">
              {t('exRestartNote', { step: cursor })}
            </p>
          )}
        </div>
        {/* Two columns filled top to bottom: as many rows as half the examples (examples.css). */}
        <ul className="examples-list" style={{ '--example-rows': Math.ceil(EXAMPLES.length / 2) } as CSSProperties}>
          {EXAMPLES.map((example) => {
            const isCurrent = example.id === current;
            const loading = status?.kind === 'reading' && picked === example.id;
            const itemId = `${id}-${example.id}`;
            return (
              <li key={example.id}>
                <button
                  type="button"
                  className="example-item"
                  data-testid={`example-${example.id}`}
                  aria-current={isCurrent ? 'true' : undefined}
                  aria-busy={loading || undefined}
                  aria-labelledby={isCurrent ? `${itemId}-title ${itemId}-mark` : `${itemId}-title`}
                  aria-describedby={`${itemId}-see`}
                  title={isCurrent ? t('exCurrentHint') : undefined}
                  onClick={() => void pick(example)}
                >
                  <span className="example-title-row">
                    <span id={`${itemId}-title`} className="example-title">
                      {t(example.title)}
                    </span>
                    {isCurrent && (
                      <span id={`${itemId}-mark`} className="example-current">
                        <span aria-hidden="true">✓ </span>
                        {t('exCurrent')}
                      </span>
                    )}
                  </span>
                  <span id={`${itemId}-see`} className="example-see" title={t(example.see)}>
                    {t(example.see)}
                  </span>
                  <span className="example-file">
                    {example.id === BUILT_IN_EXAMPLE ? t('exBuiltIn') : examplePath(example.id)}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
        <div className="examples-status" role="status" data-testid="examples-status">
          {status?.kind === 'reading' && t('exLoading', { title: status.source })}
          {status?.kind === 'refused' && (
            <div className="io-refused">
              <strong>{t('exRefused', { title: status.source })}</strong>
              <ProblemList problems={status.problems} testId="examples-problems" />
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
