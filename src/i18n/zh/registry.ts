/** 注册表视图（src/views/registry）的文案：种子文章 002 的共享文件表格。 */
import type { registryEn } from '../en/registry';

export const registryZh: Record<keyof typeof registryEn, string> = {
  rgTab: '注册表',
  rgModelRefcount: '共享状态注册表，引用计数（Flink ≤1.14）',
  rgModelLastUsed: '共享状态注册表，最后使用的检查点 ID（Flink ≥1.15）',
  rgRetained: '保留的检查点：{ids}（num-retained = {n}）',
  rgEmpty: '还没有注册的共享文件：共享文件（增量 SST、Changelog 文件）在上传它们的检查点完成时注册。',
  rgFile: '文件',
  rgPath: '存储路径',
  rgCount: '引用计数',
  rgLastUsed: '最后使用',
  rgRetainedBy: '保留范围',
  rgSst: 'sst {n}',
  rgDeleted: '已删除',
  rgLegend:
    '与种子文章 002 一样：每个共享文件一行，包括它在远端存储中的路径、引用计数（或最后使用的检查点 ID）以及使用它的保留检查点范围。绿色：本步注册；黄色：计数或使用者变化；红色：本步删除。点击一行：它为什么还在？',
};
