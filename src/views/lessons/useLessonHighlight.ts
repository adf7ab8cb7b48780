/**
 * Marks the elements a lesson stop names (class `lesson-highlight`, attribute
 * `data-lesson-highlight` with the target names) and, when the stop opens, scrolls them into view
 * (at 1280×720 the changelog section sits below the subtask panel's fold). Views re-render and
 * replace elements, so the marks are re-applied after every store change while a lesson is open.
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

/** The marked elements once every target was found (the stop's tab and panels have rendered), else null. */
function apply(targets: readonly HighlightTarget[]): Element[] | null {
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
  const found = [...marked.values()].flat().length === targets.length;
  return found ? [...marked.keys()] : null;
}

/**
 * The minimal scroll that shows each marked element ('nearest': a panel already on screen does
 * not move). Done last for the first target, so where two share a scroll box the first wins.
 */
function reveal(elements: readonly Element[]): void {
  for (const el of [...elements].reverse()) el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
}

export function useLessonHighlight(targets: readonly HighlightTarget[] | null, stopKey: string): void {
  useEffect(() => {
    if (!targets) {
      clear();
      return;
    }
    let frame = 0;
    // Scrolled once per stop, when all its targets are there; later re-marks leave the learner's scrolling alone.
    let toReveal = true;
    const run = () => {
      const found = apply(targets);
      if (found && toReveal) {
        toReveal = false;
        reveal(found);
      }
    };
    const schedule = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(run);
    };
    const first = requestAnimationFrame(run);
    // A tab the stop opens, or a panel paced behind playback, may render a little later.
    const late = window.setTimeout(schedule, 250);
    const unsubscribe = useAppStore.subscribe(schedule);
    return () => {
      cancelAnimationFrame(first);
      cancelAnimationFrame(frame);
      window.clearTimeout(late);
      unsubscribe();
      clear();
    };
  }, [targets, stopKey]);
}
