/** Whether presenter mode is on, remembered in localStorage like the language (src/i18n/language.ts). */
const STORAGE_KEY = 'checkpoint-lab.presenter';

export function detectPresenter(): boolean {
  try {
    return globalThis.localStorage?.getItem(STORAGE_KEY) === '1';
  } catch {
    // Storage may be blocked (private mode, policy): start in the normal layout.
    return false;
  }
}

export function rememberPresenter(on: boolean): void {
  try {
    if (on) globalThis.localStorage?.setItem(STORAGE_KEY, '1');
    else globalThis.localStorage?.removeItem(STORAGE_KEY);
  } catch {
    // Not being able to remember the choice must not break switching.
  }
}
