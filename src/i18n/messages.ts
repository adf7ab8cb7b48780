/**
 * UI strings in English and Chinese, merged from one table pair per area of the UI
 * (`areas/<area>.ts`), so that each view owns its strings. Chinese terms follow the seed
 * articles (检查点, 屏障, 对齐, 物化, 截断, 增量, 状态后端 …). Every area's zh table must have
 * every key of its en table (its type says so), and keys must be unique across areas (a test
 * checks).
 */
import { coreEn, coreZh } from './areas/core';
import { timelineEn, timelineZh } from './areas/timeline';
import { scenarioIoEn, scenarioIoZh } from './areas/scenarioIo';
import { changelogEn, changelogZh } from './areas/changelog';
import { actionsEn, actionsZh } from './areas/actions';
import { narrationEn, narrationZh } from './areas/narration';

/** The area tables, in one list so the uniqueness test sees them all. */
export const AREAS = [
  { name: 'core', en: coreEn, zh: coreZh },
  { name: 'timeline', en: timelineEn, zh: timelineZh },
  { name: 'scenarioIo', en: scenarioIoEn, zh: scenarioIoZh },
  { name: 'changelog', en: changelogEn, zh: changelogZh },
  { name: 'actions', en: actionsEn, zh: actionsZh },
  { name: 'narration', en: narrationEn, zh: narrationZh },
] as const;

export const en = { ...coreEn, ...timelineEn, ...scenarioIoEn, ...changelogEn, ...actionsEn, ...narrationEn };

export type MessageKey = keyof typeof en;

export const zh: Record<MessageKey, string> = { ...coreZh, ...timelineZh, ...scenarioIoZh, ...changelogZh, ...actionsZh, ...narrationZh };
