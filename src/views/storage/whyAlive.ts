/** Turns the registry's explanation of a file into one or two sentences, in the UI's language. */
import type { FileExplanation, StoredFileMeta } from '../../engine';
import type { Translate } from '../../i18n/useT';

/** A file the registry does not know: who owns it follows from where and for what it was written. */
function unregistered(meta: StoredFileMeta | undefined, t: Translate): string {
  if (meta?.scope === 'taskowned') return t('aliveTaskOwned');
  if (meta?.scope === 'savepoint') return t('aliveSavepoint');
  if (meta?.scope === 'shared' && meta.kind === 'private') return t('alivePrivateInShared', { id: meta.checkpointId });
  return t('aliveUnknown');
}

export function whyAlive(x: FileExplanation, t: Translate, meta?: StoredFileMeta): string {
  switch (x.status) {
    case 'registered': {
      const e = x.entry;
      const none = t('aliveNone');
      if (x.model === 'refcount') {
        return t('aliveRefcount', { count: e.referenceCount ?? 0, used: e.retainedBy.length > 0 ? e.retainedBy.join(', ') : none });
      }
      const text = t('aliveLastUsed', {
        created: e.createdByCheckpointId,
        lastUsed: e.lastUsedCheckpointId,
        lowest: x.lowestRetainedCheckpointId ?? none,
        above: x.unusedOnceLowestRetainedAbove,
      });
      return e.protected ? text + t('aliveProtected') : text;
    }
    case 'acknowledged':
      return t('aliveAcknowledged');
    case 'discarded':
      return t('aliveDiscarded');
    case 'unknown':
      return unregistered(meta, t);
  }
}
