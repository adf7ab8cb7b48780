/**
 * Words shown for engine names, in the UI's language: remote storage file kinds (full, private,
 * metadata, …) and checkpoint statuses. Flink's status names (COMPLETED, SUBSUMED, …) stay as
 * they are, as Flink's web UI shows them; Chinese adds its word beside them.
 */
import type { StoredFileMeta } from '../../engine';

type StoredFileKind = StoredFileMeta['kind'];
import type { Translate } from '../../i18n/useT';
import type { MessageKey } from '../../i18n/messages';

const KIND_KEYS: Record<Exclude<StoredFileKind, 'sst'>, MessageKey> = {
  full: 'clsKindFull',
  private: 'clsKindPrivate',
  metadata: 'clsKindMetadata',
  dstl: 'clsKindDstl',
  channel: 'clsKindChannel',
};

/** A kind the engine does not name (a registry row without its file's metadata) shows as it is. */
export function storageKindLabel(t: Translate, kind: StoredFileKind | string, sst: number | null): string {
  if (kind === 'sst') return t('clsKindSst', { n: sst ?? '?' });
  return kind in KIND_KEYS ? t(KIND_KEYS[kind as keyof typeof KIND_KEYS]) : kind;
}

export type FlinkStatusName = 'COMPLETED' | 'SUBSUMED' | 'FAILED' | 'IN_PROGRESS';

const STATUS_KEYS: Record<FlinkStatusName, MessageKey> = {
  COMPLETED: 'clsStatusCOMPLETED',
  SUBSUMED: 'clsStatusSUBSUMED',
  FAILED: 'clsStatusFAILED',
  IN_PROGRESS: 'clsStatusIN_PROGRESS',
};

/** The word the language adds beside Flink's status name, or null (English shows the name alone). */
export function statusGloss(t: Translate, lang: string, status: FlinkStatusName): string | null {
  return lang === 'en' ? null : t(STATUS_KEYS[status]);
}
