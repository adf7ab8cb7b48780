/**
 * Acting on the simulation at the cursor, in three groups (ARIA tabs, so the panel stays one
 * compact block in the side panel): Checkpoints (trigger, emit, flush, compact, materialize),
 * Faults (fail, decline, failing uploads, and what is armed) and Restore (any retained
 * checkpoint or savepoint, any parallelism, changelog switch). Acting at an earlier step branches
 * the timeline; the notice says so, because the steps the user saw after it are gone.
 * The panel folds to its tab row (remembered, src/views/side), giving the subtask state below
 * the height on a 1280×720 screen; choosing a tab unfolds it, and its notices stay visible.
 */
import { useRef, useState, type KeyboardEvent } from 'react';
import { useAppStore } from '../../store/appStore';
import { selectLastBranch, selectSelectedTask } from '../../store/selectors';
import { useT } from '../../i18n/useT';
import type { MessageKey } from '../../i18n/messages';
import { CheckpointActions } from './CheckpointActions';
import { FaultActions } from './FaultActions';
import { RestoreActions } from './RestoreActions';
import { useRunAction } from './useRunAction';
import { useViewState } from '../panelPace';
import { SideToggle } from '../side/SideToggle';
import { useSidePanelOpen } from '../side/useSidePanelOpen';
import './actions.css';
import './actionsInStage.css';

const GROUPS = ['checkpoints', 'faults', 'restore'] as const;
type Group = (typeof GROUPS)[number];
const LABELS: Record<Group, MessageKey> = {
  checkpoints: 'actTabCheckpoints',
  faults: 'actTabFaults',
  restore: 'actTabRestore',
};

/** `inStage`: presenter mode's copy in the stage, always unfolded (it is shown on demand there). */
export function ActionsPanel({ inStage = false }: { inStage?: boolean }) {
  const t = useT();
  const lastBranch = useAppStore(selectLastBranch);
  const state = useViewState();
  const selectedTask = useAppStore(selectSelectedTask);
  const [group, setGroup] = useState<Group>('checkpoints');
  const [openInSide, setOpen] = useSidePanelOpen('actions', false);
  const open = inStage || openInSide;
  const tabs = useRef(new Map<Group, HTMLButtonElement>());
  const { run, refusal } = useRunAction();
  const dismiss = () => useAppStore.setState({ lastBranch: null });

  const onTabKey = (e: KeyboardEvent, index: number) => {
    let next: number;
    if (e.key === 'ArrowRight') next = (index + 1) % GROUPS.length;
    else if (e.key === 'ArrowLeft') next = (index - 1 + GROUPS.length) % GROUPS.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = GROUPS.length - 1;
    else return;
    // These keys also step the timeline (global shortcuts): on a tab they only move between tabs.
    e.preventDefault();
    e.stopPropagation();
    setGroup(GROUPS[next]!);
    tabs.current.get(GROUPS[next]!)?.focus();
  };

  return (
    <section
      className={inStage ? 'panel actions-panel in-stage' : 'panel actions-panel'}
      aria-label={t('actPanelLabel')}
      data-testid="actions-panel"
    >
      {/* The fold button comes first, so Tab still goes from the chosen tab into its panel. */}
      <div className="act-head">
        {!inStage && (
          <SideToggle
            open={open}
            onToggle={() => setOpen(!open)}
            controls={`act-tabpanel-${group}`}
            label={open ? t('sideActionsHide') : t('sideActionsShow')}
            testId="actions-toggle"
            className="act-fold"
          />
        )}
        <div className="act-tabs" role="tablist" aria-label={t('actTabsLabel')}>
          {GROUPS.map((g, i) => (
            <button
              key={g}
              ref={(el) => {
                if (el) tabs.current.set(g, el);
                else tabs.current.delete(g);
              }}
              type="button"
              role="tab"
              id={`act-tab-${g}`}
              aria-selected={group === g}
              aria-controls={`act-tabpanel-${g}`}
              tabIndex={group === g ? 0 : -1}
              data-testid={`actions-tab-${g}`}
              onClick={() => {
                setGroup(g);
                if (!open) setOpen(true);
              }}
              onKeyDown={(e) => onTabKey(e, i)}
            >
              {t(LABELS[g])}
            </button>
          ))}
        </div>
      </div>
      {/* Folded, the (empty) tab panel stays in the document, so the tabs' aria-controls name it. */}
      <div
        className="act-body"
        role="tabpanel"
        id={`act-tabpanel-${group}`}
        aria-labelledby={`act-tab-${group}`}
        data-testid={`actions-group-${group}`}
        hidden={!open}
      >
        {open && group === 'checkpoints' && (
          <CheckpointActions state={state} selectedTask={selectedTask} run={run} />
        )}
        {open && group === 'faults' && (
          <FaultActions state={state} selectedTask={selectedTask} run={run} />
        )}
        {open && group === 'restore' && <RestoreActions state={state} run={run} />}
      </div>
      {refusal && (
        <div className="notice act-refused" role="alert" data-testid="action-refused">
          {t('actRefused', { reason: refusal.message })}
        </div>
      )}
      {lastBranch && (
        <div className="notice" role="status" data-testid="branch-notice">
          <span>{t('branchNotice', { n: lastBranch.discardedSteps })}</span>
          <button type="button" className="link" onClick={dismiss}>
            {t('dismiss')}
          </button>
        </div>
      )}
    </section>
  );
}
