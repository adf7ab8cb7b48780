/**
 * A checkpoint of the changelog backend in seed 000's notation: "CP-3 = m1 + change sets 3+4",
 * i.e. the materialization it carries plus the change sets since that materialization's sync
 * point, named 1-based ("change set 1" is SQN 0) as the seed names them.
 */
import type { Translate } from '../../i18n/useT';
import type { TapeCheckpoint } from './dstlTape';

/**
 * Change sets [from, to) named 1-based as seed 000 does ("change set 1" is SQN 0): "3+4" for a
 * few, "3–9" for many, "" for none.
 */
export function changeSetList(from: number, to: number): string {
  if (to <= from) return '';
  if (to - from <= 4) {
    const names: number[] = [];
    for (let s = from; s < to; s++) names.push(s + 1);
    return names.join('+');
  }
  return `${from + 1}–${to}`;
}

/** "CP-3 = m1 + change sets 3+4" (with restored change sets after a restore). */
export function checkpointFormula(t: Translate, cp: TapeCheckpoint): string {
  const parts: string[] = [];
  if (cp.materializationId > 0)
    parts.push(t('clPartMaterialization', { id: cp.materializationId }));
  if (cp.restoredChangeSets > 0) parts.push(t('clPartRestored', { n: cp.restoredChangeSets }));
  const sets = changeSetList(cp.from, cp.to);
  if (sets !== '') parts.push(t(cp.to - cp.from === 1 ? 'clPartSet' : 'clPartSets', { sets }));
  return t('clFormula', {
    id: cp.checkpointId,
    parts: parts.length > 0 ? parts.join(' + ') : t('clPartNothing'),
  });
}
