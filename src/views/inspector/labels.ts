/** The inspector's English-only values (file roles, snapshot styles) in the UI's language. */
import type { Translate } from '../../i18n/useT';
import type { FileRole } from '../../inspector/metadata/referencedFiles';
import type { InspectedCheckpoint, InspectedOperator } from '../../inspector/folder';

const ROLE_KEYS = {
  'keyed state': 'insRoleKeyed',
  'shared SST': 'insRoleSst',
  'private RocksDB file': 'insRolePrivateRocks',
  'RocksDB meta data': 'insRoleRocksMeta',
  'operator state': 'insRoleOperator',
  'changelog (DSTL)': 'insRoleChangelog',
  'channel state': 'insRoleChannel',
  'coordinator state': 'insRoleCoordinator',
} as const satisfies Record<FileRole, string>;

export const roleLabel = (t: Translate, role: FileRole) => t(ROLE_KEYS[role]);

export function styleLabel(t: Translate, o: InspectedOperator): string {
  if (o.fullyFinished) return t('insStyleFinished');
  switch (o.style) {
    case 'incremental':
      return t('insStyleIncremental');
    case 'native':
      return t('insStyleNative');
    case 'full':
      return t('insStyleFull');
    case 'changelog':
      return t('insStyleChangelog');
    default:
      return t('insStyleNone');
  }
}

/** "checkpoint (sharing FORWARD_BACKWARD)", "savepoint (format NATIVE)", or v3's unknown type. */
export function typeLabel(t: Translate, c: InspectedCheckpoint): string {
  const p = c.metadata.properties;
  if (!p) return t('insTypeUnknown');
  const kind = p.snapshotType === 'SAVEPOINT' ? t('insSavepoint') : t('insCheckpoint');
  const detail = p.formatType ? t('insFormat', { f: p.formatType }) : p.sharingFilesStrategy ? t('insSharing', { s: p.sharingFilesStrategy }) : null;
  return detail ? `${kind} (${detail})` : kind;
}

export function keyGroupsText(o: InspectedOperator): string {
  return o.subtasks
    .filter((s) => s.keyGroups)
    .map((s) => `${s.subtaskIndex}: ${s.keyGroups!.start}–${s.keyGroups!.end}`)
    .join(', ');
}
