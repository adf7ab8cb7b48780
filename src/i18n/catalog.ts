/**
 * The language catalog: each language's strings and event texts are one lazy chunk
 * (en/languagePackEn.ts, zh/languagePackZh.ts), so a visitor downloads only the language shown.
 * `loadLanguage` must finish before a language is used: src/main.tsx awaits the starting one
 * before the first render, and the language switch (store/uiSlice.ts) loads the new one before
 * switching. Using a language that is not loaded throws rather than show keys or blanks; tests
 * load both languages up front (test/setupLanguages.ts).
 */
import type { EngineEvent } from '../engine';
import type { Lang } from './language';
import type { MessageKey } from './messages';

/** What one language chunk provides. */
export interface LanguagePack {
  messages: Record<MessageKey, string>;
  describeEvent: (e: EngineEvent) => string;
}

// Literal import() calls, one per language, so the bundler makes exactly one chunk of each.
const IMPORTERS: Record<Lang, () => Promise<LanguagePack>> = {
  en: () => import('./en/languagePackEn').then((m) => m.languagePack),
  zh: () => import('./zh/languagePackZh').then((m) => m.languagePack),
};

const loaded: Partial<Record<Lang, LanguagePack>> = {};
const loading: Partial<Record<Lang, Promise<void>>> = {};

/** Loads the language's chunk once; concurrent calls share the download, a failed one can be retried. */
export function loadLanguage(lang: Lang): Promise<void> {
  if (loaded[lang]) return Promise.resolve();
  loading[lang] ??= IMPORTERS[lang]().then(
    (pack) => {
      loaded[lang] = pack;
    },
    (error: unknown) => {
      delete loading[lang];
      throw error;
    },
  );
  return loading[lang];
}

export function isLanguageLoaded(lang: Lang): boolean {
  return loaded[lang] !== undefined;
}

/** The loaded pack of a language; throws if `loadLanguage(lang)` has not finished. */
export function languagePack(lang: Lang): LanguagePack {
  const pack = loaded[lang];
  if (!pack)
    throw new Error(`Language '${lang}' is used before loadLanguage('${lang}') has finished`);
  return pack;
}

/** The text of `key` in a loaded language, with `{name}` placeholders filled from `params`. */
export function translate(
  lang: Lang,
  key: MessageKey,
  params?: Record<string, string | number>,
): string {
  let text = languagePack(lang).messages[key];
  if (params)
    for (const [k, v] of Object.entries(params)) text = text.replaceAll(`{${k}}`, String(v));
  return text;
}
