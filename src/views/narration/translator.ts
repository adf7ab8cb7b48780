/** A translation function for pure code: the same shape as `useT()`'s, built from the message tables. */
import { en, zh, type MessageKey } from '../../i18n/messages';
import type { Lang } from '../../i18n/language';

export type Tr = (key: MessageKey, params?: Record<string, string | number>) => string;

export function translator(lang: Lang): Tr {
  const table: Record<MessageKey, string> = lang === 'zh' ? zh : en;
  return (key, params) => {
    let text = table[key];
    if (params)
      for (const [k, v] of Object.entries(params)) text = text.replaceAll(`{${k}}`, String(v));
    return text;
  };
}
