/**
 * Global keyboard shortcuts. They stay out of the way of form fields, so typing in an input
 * or moving a focused slider with the arrow keys keeps its native meaning. A closed select keeps
 * only ↑ / ↓ (choosing another option): after a jump kind or a subtask was picked, →, Space,
 * Home and End step, play and seek again instead of changing the select behind the user's back
 * (an open select's list takes the keys itself; the page does not see them).
 * `[` / `]` jump to the previous / next event of the kind chosen in the control bar, `1`–`5` show
 * the stage's tabs in their order, `g` opens the glossary.
 */
import { useEffect } from 'react';
import { useInspector } from './inspector/inspectorStore';
import { useAppStore } from '../store/appStore';
import { findEventPosition } from '../store/eventJumps';
import { moveLessonStop, onLessonPath } from './lessons/lessonNavigation';

const SLIDER_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown']);
const SELECT_KEYS = new Set(['ArrowUp', 'ArrowDown']);

/** True when the focused element gives `key` a meaning of its own. */
function handledNatively(target: EventTarget | null, key: string): boolean {
  if (!(target instanceof HTMLElement)) return false;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || target.isContentEditable) return true;
  // In a dialog the select is part of a form being filled in: the playback behind it stays put.
  if (tag === 'SELECT') return SELECT_KEYS.has(key) || target.closest('dialog, [role="dialog"]') !== null;
  if (tag === 'INPUT') {
    const type = (target as HTMLInputElement).type;
    if (type === 'range') return SLIDER_KEYS.has(key);
    return type !== 'button' && type !== 'checkbox' && type !== 'radio';
  }
  return false;
}

export function useKeyboardShortcuts(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      // The inspector replaces the simulator's page: its keys would move a run no one sees.
      if (useInspector.getState().shown) return;
      const s = useAppStore.getState();
      if (e.key === 'Escape' && s.helpOpen) {
        s.setHelpOpen(false);
        e.preventDefault();
        return;
      }
      // The glossary is a modal dialog with a search field and links: the playback behind it stays put.
      if (s.glossaryEntry !== null) return;
      if (handledNatively(e.target, e.key)) return;
      // The lesson picker is a page of its own: the simulator behind it does not move.
      if (s.lessonPickerOpen) return;
      // In a lesson, a presenter's clicker (PageUp/PageDown, or ←/→ while on the lesson's path) moves between stops.
      if (s.lesson && !e.shiftKey) {
        const along = e.key === 'PageDown' || (e.key === 'ArrowRight' && onLessonPath(s)) ? 1 : e.key === 'PageUp' || (e.key === 'ArrowLeft' && onLessonPath(s)) ? -1 : 0;
        if (along !== 0) {
          s.setPlaying(false);
          moveLessonStop(along);
          e.preventDefault();
          return;
        }
      }
      if (/^[1-9]$/.test(e.key)) {
        const tab = s.stageTabsShown[Number(e.key) - 1];
        if (!tab) return;
        s.setStageTab(tab);
        e.preventDefault();
        return;
      }
      switch (e.key) {
        case '[':
        case ']': {
          const to = findEventPosition(s.timeline, s.cursor, s.jumpKind, e.key === ']' ? 1 : -1);
          if (to === null) return;
          s.setPlaying(false);
          s.setCursor(to);
          break;
        }
        case 'g':
        case 'G':
          s.openGlossary();
          break;
        case ' ':
          // A focused button would also "click" on Space: handle it once, here.
          s.togglePlaying();
          break;
        case 'ArrowRight':
          s.setPlaying(false);
          s.stepBy(e.shiftKey ? 10 : 1);
          break;
        case 'ArrowLeft':
          s.setPlaying(false);
          s.stepBy(e.shiftKey ? -10 : -1);
          break;
        case 'Home':
          s.setPlaying(false);
          s.setCursor(0);
          break;
        case 'End':
          s.setPlaying(false);
          s.setCursor(s.timeline.length);
          break;
        case '?':
          s.setHelpOpen(!s.helpOpen);
          break;
        case 'p':
        case 'P':
          s.togglePresenter();
          break;
        case '-':
        case '_':
          s.setSpeed(s.speed / 2);
          break;
        case '+':
        case '=':
          s.setSpeed(s.speed * 2);
          break;
        default:
          return;
      }
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
