/** The translation hook: `t('key', {n: 3})` in the current language. */
import { useCallback } from 'react';
import { useAppStore } from '../store/appStore';
import { selectLang } from '../store/selectors';
import { translate } from './catalog';
import type { MessageKey } from './messages';

// `translate` lived here before the catalog took the tables; re-exported so those imports still work.
export { translate };

export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

export function useT(): Translate {
  const lang = useAppStore(selectLang);
  return useCallback((key, params) => translate(lang, key, params), [lang]);
}
