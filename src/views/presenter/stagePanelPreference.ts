/**
 * Two layout choices remembered like presenter mode (presenterPreference.ts): whether the subtask
 * panel is shown large in the stage (in place of the remote storage) and whether presenter mode
 * shows the narration's full explanation under its headline. A class prepared once keeps them.
 */
const KEYS = {
  taskInStage: 'checkpoint-lab.task-in-stage',
  presenterWhy: 'checkpoint-lab.presenter-why',
  presenterActions: 'checkpoint-lab.presenter-actions',
} as const;

export type StagePanelChoice = keyof typeof KEYS;

export function detectChoice(choice: StagePanelChoice): boolean {
  try {
    return globalThis.localStorage?.getItem(KEYS[choice]) === '1';
  } catch {
    return false;
  }
}

export function rememberChoice(choice: StagePanelChoice, on: boolean): void {
  try {
    if (on) globalThis.localStorage?.setItem(KEYS[choice], '1');
    else globalThis.localStorage?.removeItem(KEYS[choice]);
  } catch {
    // Not being able to remember the choice must not break the toggle.
  }
}
