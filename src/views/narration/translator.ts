/** A translation function for pure code: the same shape as `useT()`'s, reading the loaded language (i18n/catalog.ts). */
import { translate } from '../../i18n/catalog';
import type { MessageKey } from '../../i18n/messages';
import type { Lang } from '../../i18n/language';

export type Tr = (key: MessageKey, params?: Record<string, string | number>) => string;

export function translator(lang: Lang): Tr {
  return (key, params) => translate(lang, key, params);
}
