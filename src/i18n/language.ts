/** The UI language: English or Simplified Chinese, remembered in localStorage. */
export type Lang = 'en' | 'zh';

const STORAGE_KEY = 'checkpoint-lab.lang';

export function detectLanguage(): Lang {
  try {
    const saved = globalThis.localStorage?.getItem(STORAGE_KEY);
    if (saved === 'en' || saved === 'zh') return saved;
  } catch {
    // Storage may be blocked (private mode, policy): fall back to the browser language.
  }
  const nav = globalThis.navigator?.language ?? 'en';
  return nav.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

export function rememberLanguage(lang: Lang): void {
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, lang);
  } catch {
    // Not being able to remember the choice must not break switching.
  }
}
