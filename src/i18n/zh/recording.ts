/** 关于录制本身的文案：分支之后被跳过的脚本动作，以及使录制中止的引擎错误。 */
import type { recordingEn } from '../en/recording';

export const recordingZh: Record<keyof typeof recordingEn, string> = {
  narScriptSkipped: '脚本动作“{action}”在这里已不适用，被跳过。',
  narScriptSkippedFiles:
    '脚本是为没有你的操作的那次运行写的。恢复之后，{task} 的 RocksDB 实例中的 SST 是 {live}，没有 {missing}；RocksDB 的 CompactFiles 会拒绝不存在的输入文件，所以这次运行跳过这次压缩继续进行。',
  narScriptSkippedTask:
    '脚本是为没有你的操作的那次运行写的；{task} 当前没有在运行（作业正在恢复，或以另一个并行度运行），所以这次运行跳过该动作继续进行。',
  narScriptSkippedBackend: '{task} 没有使用 RocksDB 状态后端，没有可刷写或压缩的内容；这次运行跳过该动作继续进行。',
  recErrorTitle: '录制提前停止于 t = {atMs} 毫秒（第 {step} 步）：引擎在这里出错。',
  recErrorWhat:
    '你可以：退回到更早的一步并在那里操作（运行会从那里重新录制），或从 ⊞ 示例 或 ⚙ 重新加载场景。如果再次出现，请导出场景并附上这条消息报告问题。',
  recErrorMessage: '引擎消息：{message}',
  recProgressTitle: '正在录制运行…',
  recProgressFigures: '已模拟 t = {simMs} / {untilMs} 毫秒 · 每秒 {rate} 步 · 约剩 {eta}',
  recProgressFiguresNoEta: '已模拟 t = {simMs} / {untilMs} 毫秒 · 每秒 {rate} 步',
  recProgressNote: '引擎在后台录制：已录制的部分可以单步、拖动和播放。',
  recProgressLabel: '已录制的模拟时间',
  recKeep: '停在这里，保留已录制的部分',
  recRevert: '取消，回到之前的运行',
  recSeconds: '{n} 秒',
  recMinutes: '{n} 分钟',
  recStoppedNote: '你在 t = {atMs} 毫秒处停止了录制：运行到此为止。',
};
