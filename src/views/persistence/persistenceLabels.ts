/** Message keys for persistence status and error kinds, shared by the status pill and the restore dialog. */
import type { PersistenceErrorKind, PersistenceRecovery } from '../../persistence';
import type { MessageKey } from '../../i18n/messages';
import type { AppStore } from '../../store/appStore';

export const KIND_LABELS: Record<PersistenceErrorKind, MessageKey> = {
  unavailable: 'persistKindUnavailable',
  quota: 'persistKindQuota',
  blocked: 'persistKindBlocked',
  'version-too-new': 'persistKindVersionTooNew',
  corrupt: 'persistKindCorrupt',
  'not-found': 'persistKindNotFound',
  aborted: 'persistKindAborted',
  unknown: 'persistKindUnknown',
};

export const RECOVERY_LABELS: Record<PersistenceRecovery, MessageKey> = {
  retry: 'persistRetry',
  export: 'persistExport',
  reset: 'persistReset',
  reload: 'persistReload',
};

/** What the status pill says, in order of importance. */
export type StatusKind = 'opening' | 'error' | 'waiting' | 'memory' | 'syncing' | 'held' | 'saved';

export const STATUS_LABELS: Record<StatusKind, MessageKey> = {
  opening: 'persistOpening',
  error: 'persistErrorShort',
  waiting: 'persistWaiting',
  memory: 'persistMemory',
  syncing: 'persistSyncing',
  held: 'persistHeld',
  saved: 'persistSaved',
};

export function statusKindOf(
  s: Pick<
    AppStore,
    'persistenceReady' | 'persistenceError' | 'syncActive' | 'durable' | 'syncState'
  >,
): StatusKind {
  if (!s.persistenceReady) return 'opening';
  if (s.persistenceError || s.syncState === 'error') return 'error';
  if (!s.syncActive) return 'waiting';
  if (!s.durable) return 'memory';
  return s.syncState === 'syncing' ? 'syncing' : s.syncState === 'held' ? 'held' : 'saved';
}
