import type { atScaleEn } from '../en/atScale';

/** 大规模运行视图的文字（issue 17 §4）：状态表摘要、按键查找、作业图分组。 */
export const atScaleZh: Record<keyof typeof atScaleEn, string> = {
  exViewsAtScaleTitle: '大规模视图：并行度 16、100,000 个键、150 个检查点、保留 20 个',
  exViewsAtScaleSee:
    '页面能录制的最大规模运行（约 180,000 步，录制需要几秒）：48 个子任务、结束时存储中约 1,900 个文件、保留 20 个检查点。长列表按窗口滚动显示，子任务的状态按键组汇总，并可按键查找。',
  jgIdleChannels: '{n} 个通道没有排队、在途或被阻塞的数据：只画成细线（大作业只在有队列的地方显示队列）',
  jgGroupMore: '另外 {n} 个',
  jgGroupStatus: '反压 {bp} · 对齐中 {al}',
  jgGroupAcks: '#{id} 确认：{n}/{of}',
  jgGroupTitle: '{name}：{n} 个子任务合成一个节点。反压 {bp}，对齐中 {al}，忙碌 {busy}。点击逐个显示（或在图上方的列表中选一个）。',
  jgGroupShowAll: '显示全部子任务',
  jgGroupShowAllHint: '画出每个算子的每个子任务（图会变高并可滚动）',
  jgGroupFold: '分组显示子任务',
  jgGroupFoldHint: '每个算子只显示前 {n} 个子任务，其余合成一个节点',
  jgGroupPick: '子任务',
  jgGroupPickNone: '选择…',
  stSearchLabel: '查找键',
  stSearchPlaceholder: '键，例如 k123',
  stSummary: '{groups} 个键组共 {keys} 个键：选择一个键组或查找某个键；表格可滚动。',
  stAllGroups: '全部',
  stMatches: '{total} 条中的 {n} 条',
  stGroupTitle: '键组 {kg}：{n} 条',
};
