/**
 * Whether a collapsible panel of the side column is open, remembered in localStorage like the
 * language and presenter mode (src/views/presenter/presenterPreference.ts). Absent a choice the
 * panel follows its default, so a user who never touches it gets the layout meant for the screen.
 */
const PREFIX = 'checkpoint-lab.side.';

/** The remembered choice: true (open), false (closed) or null (none made yet, or storage blocked). */
export function rememberedOpen(panel: string): boolean | null {
  try {
    const v = globalThis.localStorage?.getItem(PREFIX + panel);
    return v === 'open' ? true : v === 'closed' ? false : null;
  } catch {
    return null;
  }
}

export function rememberOpen(panel: string, open: boolean): void {
  try {
    globalThis.localStorage?.setItem(PREFIX + panel, open ? 'open' : 'closed');
  } catch {
    // Not being able to remember the choice must not stop the panel from opening or closing.
  }
}
