/** The keyboard shortcut overlay, opened with `?` and closed with Escape or the button. */
import { useEffect, useRef } from 'react';
import { useAppStore } from '../../store/appStore';
import { selectHelpOpen } from '../../store/selectors';
import { useT } from '../../i18n/useT';
import type { MessageKey } from '../../i18n/messages';

const SHORTCUTS: [string, MessageKey][] = [
  ['Space', 'shortcutPlay'],
  ['← / →', 'shortcutStep'],
  ['Shift + ← / →', 'shortcutStepBig'],
  ['Home / End', 'shortcutEnds'],
  ['− / +', 'shortcutSpeed'],
  ['?', 'shortcutHelp'],
];

export function HelpOverlay() {
  const t = useT();
  const open = useAppStore(selectHelpOpen);
  const setHelpOpen = useAppStore((s) => s.setHelpOpen);
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (open) closeRef.current?.focus();
  }, [open]);
  if (!open) return null;
  return (
    <div className="overlay" role="presentation" onClick={() => setHelpOpen(false)}>
      <div className="dialog" role="dialog" aria-modal="true" aria-labelledby="help-title" data-testid="help" onClick={(e) => e.stopPropagation()}>
        <h2 id="help-title">{t('help')}</h2>
        <table>
          <tbody>
            {SHORTCUTS.map(([keys, label]) => (
              <tr key={label}>
                <td>
                  <kbd>{keys}</kbd>
                </td>
                <td>{t(label)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <button ref={closeRef} type="button" onClick={() => setHelpOpen(false)}>
          {t('close')}
        </button>
      </div>
    </div>
  );
}
