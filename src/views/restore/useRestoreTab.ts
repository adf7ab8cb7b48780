/**
 * Whether the stage shows a Restore tab, and whether a restore is going on at the cursor (the
 * tab then carries a marker). The tab is offered once the recording holds a restore (started
 * or refused): before that its only content would be the hint the Actions panel already gives.
 */
import { useAppStore } from '../../store/appStore';
import { selectCursor } from '../../store/selectors';
import { useRestoreSpans } from './restoreData';
import { restoringAt, spanAtCursor } from './restoreSpans';
import './restoreTab.css';

export function useRestoreTab(): { visible: boolean; live: boolean } {
  const spans = useRestoreSpans();
  const cursor = useAppStore(selectCursor);
  return { visible: spans.length > 0, live: restoringAt(spanAtCursor(spans, cursor), cursor) };
}
