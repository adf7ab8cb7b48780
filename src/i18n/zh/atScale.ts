import type { atScaleEn } from '../en/atScale';

/** 大规模运行视图的文字（issue 17 §4）：状态表摘要、按键查找、作业图分组。 */
export const atScaleZh: Record<keyof typeof atScaleEn, string> = {
  exViewsAtScaleTitle: '大规模视图：并行度 16、100,000 个键、150 个检查点、保留 20 个',
  exViewsAtScaleSee:
    '页面能录制的最大规模运行（约 180,000 步，录制需要几秒）：48 个子任务、结束时存储中约 1,900 个文件、保留 20 个检查点。长列表按窗口滚动显示，子任务的状态按键组汇总，并可按键查找。',
  jgIdleChannels: '{n} 个通道没有排队、在途或被阻塞的数据：只画成细线（大作业只在有队列的地方显示队列）',
  stSearchLabel: '查找键',
  stSearchPlaceholder: '键，例如 k123',
  stSummary: '{groups} 个键组共 {keys} 个键：选择一个键组或查找某个键；表格可滚动。',
  stAllGroups: '全部',
  stMatches: '{total} 条中的 {n} 条',
  stGroupTitle: '键组 {kg}：{n} 条',
};
