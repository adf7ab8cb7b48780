/**
 * Marks the elements a lesson stop names (class `lesson-highlight`, attribute
 * `data-lesson-highlight` with the target names) . Views re-render
 * and replace elements, so the marks are re-applied after every store change while a lesson is open.
 */
import { useEffect } from 'react';
import type { HighlightTarget } from '../../lessons/lessonSchema';
import { useAppStore } from '../../store/appStore';
import { HIGHLIGHT_SELECTORS } from './highlightTargets';

const CLASS = 'lesson-highlight';

function clear(): void {
  for (const el of document.querySelectorAll(`.${CLASS}`)) {
    el.classList.remove(CLASS);
    el.removeAttribute('data-lesson-highlight');
  }
}

function apply(targets: readonly HighlightTarget[]): void {
  const marked = new Map<Element, string[]>();
  for (const t of targets) {
    // A comma list is a preference order: the first selector that finds something.
    const el = HIGHLIGHT_SELECTORS[t].split(',').map((sel) => document.querySelector(sel.trim())).find((x) => x !== null);
    if (el) marked.set(el, [...(marked.get(el) ?? []), t]);
  }
  for (const el of document.querySelectorAll(`.${CLASS}`)) if (!marked.has(el)) {
    el.classList.remove(CLASS);
    el.removeAttribute('data-lesson-highlight');
  }
  for (const [el, names] of marked) {
    el.classList.add(CLASS);
    el.setAttribute('data-lesson-highlight', names.join(' '));
  }
}

export function useLessonHighlight(targets: readonly HighlightTarget[] | null, stopKey: string): void {
  useEffect(() => {
    if (!targets) {
      clear();
      return;
    }
    let frame = 0;
    const schedule = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => apply(targets));
    };
    // No scrolling: the side column would scroll the lesson panel itself out of view.
    const first = requestAnimationFrame(() => apply(targets));
    const unsubscribe = useAppStore.subscribe(schedule);
    return () => {
      cancelAnimationFrame(first);
      cancelAnimationFrame(frame);
      unsubscribe();
      clear();
    };
  }, [targets, stopKey]);
}
