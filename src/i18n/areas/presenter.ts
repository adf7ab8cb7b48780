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
} as const;

export const presenterZh: Record<keyof typeof presenterEn, string> = {
  presenterToggle: '演示',
  presenterToggleLabel: '演示模式',
  presenterToggleHint: '演示模式：大字号，只显示舞台区（P）',
  presenterFullscreen: '全屏',
  presenterExitFullscreen: '退出全屏',
  presenterFullscreenHint: '铺满屏幕（按 Esc 退出全屏）',
  presenterFullscreenRefused:
    '浏览器不允许在此处全屏。请改用浏览器自带的全屏：F11（Windows、Linux）或 Ctrl+Cmd+F（macOS）。',
  presenterNarrationLabel: '本步发生了什么',
  presenterStep: '第 {n} 步',
  shortcutPresenter: '开启 / 关闭演示模式',
  cpRowJump: '检查点 {id}：跳到它结束的那一步',
};
