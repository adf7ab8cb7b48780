/** Translated names of checkpoint statuses and phases, shared by the timeline and the charts. */
import { useCallback } from 'react';
import { useT } from '../../i18n/useT';
import type { MessageKey } from '../../i18n/messages';
import type { CheckpointStatus } from './barAtCursor';
import type { PhaseKind } from './checkpointBars';

export const STATUS_KEYS: Record<CheckpointStatus, MessageKey> = {
  completed: 'tlStatusCompleted',
  aborted: 'tlStatusAborted',
  subsumed: 'tlStatusSubsumed',
  inProgress: 'tlStatusInProgress',
};

export const PHASE_KEYS: Record<PhaseKind, MessageKey> = {
  delay: 'tlPhaseDelay',
  alignment: 'tlPhaseAlignment',
  sync: 'tlPhaseSync',
  async: 'tlPhaseAsync',
  ack: 'tlPhaseAck',
};

export function useStatusLabel(): (s: CheckpointStatus) => string {
  const t = useT();
  return useCallback((s) => t(STATUS_KEYS[s]), [t]);
}
