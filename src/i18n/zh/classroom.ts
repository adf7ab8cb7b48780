/** The Chinese side of ../en/classroom.ts. The type demands every key of the English table. */
import type { classroomEn } from '../en/classroom';

export const classroomZh: Record<keyof typeof classroomEn, string> = {
  clsTaskInStage: '放大',
  clsTaskInStageHint: '把子任务面板（状态表、LSM、DSTL 磁带）放大显示在舞台区，替换远程存储',
  clsTaskToSide: '放回侧栏',
  clsTaskToSideHint: '把子任务面板放回右侧栏',
  clsPresenterTask: '子任务面板',
  clsPresenterTaskHint: '在舞台区显示所选子任务的状态表、LSM 和 DSTL 磁带',
  clsPresenterWhy: '解释',
  clsPresenterWhyHint: '在标题下显示本步的完整解释',
  clsJobFit: '全部显示',
  clsJobFitHint: '缩小作业图，一次显示所有子任务',
  clsJobZoom: '放大',
  clsJobZoomHint: '按面板宽度绘制作业图，字可读，可滚动',
  clsStatusCOMPLETED: '已完成',
  clsStatusSUBSUMED: '已被取代',
  clsStatusFAILED: '失败',
  clsStatusIN_PROGRESS: '进行中',
  clsKindFull: '全量',
  clsKindPrivate: '私有',
  clsKindMetadata: '元数据',
  clsKindDstl: 'DSTL',
  clsKindChannel: '通道状态',
  clsKindSst: 'sst {n}',
  clsTitleOriginal: '场景文件中的标题：{title}',
};
