/** The comparison's runs named in the current language: ready-made variants by their string, own files by their title. */
import type { ComparisonPreset } from '../../engine/compare/comparisonPresets';
import type { MessageKey } from '../../i18n/messages';
import type { Translate } from '../../i18n/useT';

export const RUN_COLORS = ['#2563eb', '#dc2626', '#059669'] as const;

export function variantLabel(t: Translate, id: string): string {
  return t(`cmpVariant_${id}` as MessageKey);
}

export function presetTitle(t: Translate, p: ComparisonPreset): string {
  return t(`cmpPreset_${p.id}` as MessageKey);
}

export function presetText(t: Translate, p: ComparisonPreset): string {
  return t(`cmpPresetText_${p.id}` as MessageKey);
}

export function axisLabel(t: Translate, axis: ComparisonPreset['axis'] | 'files'): string {
  return t(`cmpAxis_${axis}` as MessageKey);
}
