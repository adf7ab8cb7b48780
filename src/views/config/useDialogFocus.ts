/**
 * Modal dialog keyboard handling: focus moves into the dialog when it opens and back to where
 * it was when it closes, Tab and Shift+Tab stay inside, Escape closes. Keys typed in the dialog
 * never reach the app's global shortcuts (Space would play, arrows would step).
 */
import { useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';

const FOCUSABLE =
  'button:not([disabled]), input:not([disabled]):not([type="hidden"]):not([hidden]), select:not([disabled]), textarea:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

/** Keeps Tab and Shift+Tab inside a modal dialog: past the last control to the first and back. */
export function keepTabInside(e: KeyboardEvent, container: HTMLElement): void {
  if (e.key !== 'Tab') return;
  const items = [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => el.offsetParent !== null,
  );
  const first = items[0];
  const last = items.at(-1);
  if (!first || !last) return;
  const active = document.activeElement;
  const outside = !(active instanceof Node) || !container.contains(active) || active === container;
  if (e.shiftKey && (active === first || outside)) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && (active === last || outside)) {
    e.preventDefault();
    first.focus();
  }
}

export function useDialogFocus(
  ref: RefObject<HTMLElement | null>,
  onClose: () => void,
): (e: KeyboardEvent) => void {
  // The caller's onClose may be a new function every render; focus must move only on open.
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    ref.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    // Escape while focus is outside the dialog (on the page body after a click on text).
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'Escape') close.current();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      opener?.focus();
    };
  }, [ref]);

  return (e) => {
    e.stopPropagation();
    if (e.key === 'Escape') {
      e.preventDefault();
      close.current();
      return;
    }
    if (ref.current) keepTabInside(e, ref.current);
  };
}
