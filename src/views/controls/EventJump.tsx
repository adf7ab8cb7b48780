/** Jump to the previous or next step with an event of a chosen kind (barrier, completion, deletion …). */
import { useState } from 'react';
import { useAppStore } from '../../store/appStore';
import { findEventPosition, JUMP_KINDS, type JumpKind } from '../../store/eventJumps';
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
  const [kind, setKind] = useState<JumpKind>('checkpoint');
  const [missing, setMissing] = useState(false);
  const go = (direction: 1 | -1) => {
    const s = useAppStore.getState();
    const p = findEventPosition(s.timeline, s.cursor, kind, direction);
    setMissing(p === null);
    if (p !== null) {
      s.setPlaying(false);
      s.setCursor(p);
    }
  };
  return (
    <div className="event-jump" role="group" aria-label={t('jumpTo')}>
      <button type="button" onClick={() => go(-1)} aria-label={`${t('previous')} ${t(LABELS[kind])}`} data-testid="jump-prev">
        ‹
      </button>
      <select value={kind} onChange={(e) => setKind(e.target.value as JumpKind)} aria-label={t('jumpTo')} data-testid="jump-kind" className={missing ? 'missing' : ''}>
        {(Object.keys(JUMP_KINDS) as JumpKind[]).map((k) => (
          <option key={k} value={k}>
            {t(LABELS[k])}
          </option>
        ))}
      </select>
      <button type="button" onClick={() => go(1)} aria-label={`${t('next')} ${t(LABELS[kind])}`} data-testid="jump-next">
        ›
      </button>
    </div>
  );
}
