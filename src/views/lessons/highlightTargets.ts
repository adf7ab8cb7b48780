/**
 * Where each highlight target of the lesson format is in the app. The format names regions,
 * never selectors, so the markup may change: only this table follows it.
 */
import type { HighlightTarget } from '../../lessons/lessonSchema';

export const HIGHLIGHT_SELECTORS: Record<HighlightTarget, string> = {
  'job-graph': 'section.job-view',
  checkpoints: '[data-testid="stage-tabs"]',
  timeline: '[data-testid="stage-tabs"]',
  charts: '[data-testid="stage-tabs"]',
  registry: '[data-testid="stage-tabs"]',
  restore: '[data-testid="stage-tabs"]',
  storage: '[data-testid="storage-view"]',
  'task-state': '[data-testid="task-state"]',
  // The DSTL tape and materialization status sit in the subtask panel of a changelog run.
  changelog: '[data-testid="changelog-section"], [data-testid="task-state"]',
  // Presenter mode's narration line stands in for the side panel's narration.
  narration: '[data-testid="narration"], [data-testid="presenter-narration"]',
  events: '[data-testid="event-list"]',
  actions: '[data-testid="actions-panel"]',
  controls: 'footer.control-bar',
};

/** Targets that are stage tabs: a stop naming one opens that tab. */
export const HIGHLIGHT_TABS: ReadonlySet<string> = new Set(['checkpoints', 'timeline', 'charts', 'registry', 'restore']);
