/**
 * The Chinese side of ../en/presenter.ts, which says what the area holds and which terms it uses.
 * The type demands every key of the English table: an English string without its Chinese does
 * not compile.
 */
import type { presenterEn } from '../en/presenter';

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
  sideActionsHide: '收起操作面板',
  sideActionsShow: '展开操作面板',
  sideEventsShow: '展开本步事件',
  sideEventsHide: '收起本步事件',
  sideEventsCount: '{n} 个事件',
  sideEventsCountOne: '1 个事件',
};
