/**
 * Jump to the previous or next step with an event of a chosen kind (barrier, completion, deletion …).
 * ‹ and › are disabled when there is nothing to jump to, and their tooltip says why, or which step
 * they lead to.
 */
import { useMemo } from 'react';
import { useAppStore } from '../../store/appStore';
import { selectCursor, selectContentKey } from '../../store/selectors';
import { eventPositions, JUMP_KINDS, nearestPosition, type JumpKind } from '../../store/eventJumps';
import { useT } from '../../i18n/useT';
import type { MessageKey } from '../../i18n/messages';

const LABELS: Record<JumpKind, MessageKey> = {
  checkpoint: 'jumpCheckpoint',
  barrier: 'jumpBarrier',
  completed: 'jumpCompleted',
  upload: 'jumpUpload',
  deletion: 'jumpDeletion',
  failure: 'jumpFailure',
  restore: 'jumpRestore',
  materialization: 'clsJumpMaterialization',
  truncation: 'clsJumpTruncation',
};

export function EventJump() {
  const t = useT();
  // In the store, so `[` and `]` (app/useKeyboardShortcuts.ts) jump by the kind shown here.
  const kind = useAppStore((s) => s.jumpKind);
  const setKind = useAppStore((s) => s.setJumpKind);
  const cursor = useAppStore(selectCursor);
  const timeline = useAppStore((s) => s.timeline);
  const revision = useAppStore(selectContentKey);
  // While the run streams in, "no later one" is only so far: the rest is not recorded yet.
  const recording = useAppStore((s) => s.recording !== null);
  // The timeline is re-recorded in place on a branch; `revision` says when.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const positions = useMemo(() => eventPositions(timeline, kind), [timeline, revision, kind]);
  const prev = nearestPosition(positions, cursor, -1);
  const next = nearestPosition(positions, cursor, 1);
  const go = (p: number | null) => {
    if (p === null) return;
    const s = useAppStore.getState();
    s.setPlaying(false);
    s.setCursor(p);
  };
  const label = t(LABELS[kind]);
  const title = (p: number | null, dir: 'previous' | 'next') =>
    p === null
      ? t(dir === 'previous' ? 'jumpNoEarlier' : recording ? 'jumpNoLaterYet' : 'jumpNoLater', { kind: label, step: cursor })
      : t('jumpToStep', { dir: t(dir), kind: label, step: p });
  return (
    <div className="event-jump" role="group" aria-label={t('jumpTo')}>
      <button type="button" onClick={() => go(prev)} disabled={prev === null} title={title(prev, 'previous')} aria-label={`${t('previous')} ${label}`} data-testid="jump-prev">
        ‹
      </button>
      <select value={kind} onChange={(e) => setKind(e.target.value as JumpKind)} aria-label={t('jumpTo')} data-testid="jump-kind" className={positions.length === 0 ? 'missing' : ''}>
        {(Object.keys(JUMP_KINDS) as JumpKind[]).map((k) => (
          <option key={k} value={k}>
            {t(LABELS[k])}
          </option>
        ))}
      </select>
      <button type="button" onClick={() => go(next)} disabled={next === null} title={title(next, 'next')} aria-label={`${t('next')} ${label}`} data-testid="jump-next">
        ›
      </button>
    </div>
  );
}
