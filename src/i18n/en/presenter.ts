/**
 * Strings of presenter mode (the classroom projector layout) and its fullscreen offer. Keys carry
 * a `presenter` prefix (and `shortcutPresenter` for the help overlay) so they cannot clash. Also
 * the few labels the keyboard audit added to views that had none (`cpRowJump`).
 */
export const presenterEn = {
  presenterToggle: 'Presenter',
  presenterToggleLabel: 'Presenter mode',
  presenterToggleHint: 'Presenter mode: large type, the stage only (P)',
  presenterFullscreen: 'Fullscreen',
  presenterExitFullscreen: 'Exit fullscreen',
  presenterFullscreenHint: 'Fill the screen (Esc leaves fullscreen)',
  presenterFullscreenRefused:
    'The browser did not allow fullscreen here. Use its own fullscreen instead: F11 (Windows, Linux) or Ctrl+Cmd+F (macOS).',
  presenterNarrationLabel: 'What happened at this step',
  presenterStep: 'Step {n}',
  shortcutPresenter: 'Presenter mode on / off',
  cpRowJump: 'Checkpoint {id}: go to the step where it ended',
  // The side column's collapsible panels (kept here while the i18n areas are being split).
  sideActionsHide: 'Hide the actions',
  sideActionsShow: 'Show the actions',
  sideEventsShow: 'Show the events of this step',
  sideEventsHide: 'Hide the events of this step',
  sideEventsCount: '{n} events',
  sideEventsCountOne: '1 event',
} as const;
