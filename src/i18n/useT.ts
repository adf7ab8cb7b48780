/** The translation hook: `t('key', {n: 3})` in the current language. */
import { useCallback } from 'react';
import { useAppStore } from '../store/appStore';
import { selectLang } from '../store/selectors';
import { en, zh, type MessageKey } from './messages';
import type { Lang } from './language';

const TABLES: Record<Lang, Record<MessageKey, string>> = { en, zh };

export function translate(lang: Lang, key: MessageKey, params?: Record<string, string | number>): string {
  let text = TABLES[lang][key];
  if (params) for (const [k, v] of Object.entries(params)) text = text.replaceAll(`{${k}}`, String(v));
  return text;
}

export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

export function useT(): Translate {
  const lang = useAppStore(selectLang);
  return useCallback((key, params) => translate(lang, key, params), [lang]);
}
