/**
 * The keyboard shortcut overlay, opened with `?` and closed with Escape or the button. Modal: Tab
 * stays inside it, and focus goes back to where it was when it closes.
 */
import { useEffect, useRef } from 'react';
import { useAppStore } from '../../store/appStore';
import { selectHelpOpen } from '../../store/selectors';
import { useT } from '../../i18n/useT';
import type { MessageKey } from '../../i18n/messages';
import { keepTabInside } from '../config/useDialogFocus';
import '../glossary/glossary.css';

const SHORTCUTS: [string, MessageKey][] = [
  ['Space', 'shortcutPlay'],
  ['← / →', 'shortcutStep'],
  ['Shift + ← / →', 'shortcutStepBig'],
  ['Home / End', 'shortcutEnds'],
  ['[ / ]', 'hlpShortcutJump'],
  ['1 – 5', 'hlpShortcutTabs'],
  ['− / +', 'shortcutSpeed'],
  ['G', 'hlpShortcutGlossary'],
  ['P', 'shortcutPresenter'],
  ['?', 'shortcutHelp'],
  // The lesson player's keys (src/app/useKeyboardShortcuts.ts).
  ['PageUp / PageDown', 'lessonShortcutPage'],
  ['← / →', 'lessonShortcutArrows'],
];

export function HelpOverlay() {
  const t = useT();
  const open = useAppStore(selectHelpOpen);
  const setHelpOpen = useAppStore((s) => s.setHelpOpen);
  const openGlossary = useAppStore((s) => s.openGlossary);
  const closeRef = useRef<HTMLButtonElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closeRef.current?.focus();
    return () => opener?.focus();
  }, [open]);
  if (!open) return null;
  return (
    <div className="overlay" role="presentation" onClick={() => setHelpOpen(false)}>
      <div
        ref={dialogRef}
        className="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="help-title"
        data-testid="help"
        onClick={(e) => e.stopPropagation()}
        onKeyDown={(e) => dialogRef.current && keepTabInside(e, dialogRef.current)}
      >
        <h2 id="help-title">{t('help')}</h2>
        <table>
          <tbody>
            {SHORTCUTS.map(([keys, label]) => (
              <tr key={label} data-testid={`help-row-${label}`}>
                <td>
                  <kbd>{keys}</kbd>
                </td>
                <td>{t(label)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className="help-buttons">
          <button ref={closeRef} type="button" onClick={() => setHelpOpen(false)}>
            {t('close')}
          </button>
          {/* The glossary is the help's other half: what the words on screen mean. */}
          <button type="button" data-testid="help-glossary" onClick={() => openGlossary()}>
            {t('hlpGlossary')} <kbd>G</kbd>
          </button>
        </div>
      </div>
    </div>
  );
}
