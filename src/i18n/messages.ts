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
import { narrationStorageEn, narrationStorageZh } from './areas/narrationStorage';
import { narrationRecoveryEn, narrationRecoveryZh } from './areas/narrationRecovery';
import { narrationHintsEn, narrationHintsZh } from './areas/narrationHints';
import { restoreEn, restoreZh } from './areas/restore';
import { presenterEn, presenterZh } from './areas/presenter';
import { jobGraphEn, jobGraphZh } from './areas/jobGraph';

/** The area tables, in one list so the uniqueness test sees them all. */
export const AREAS = [
  { name: 'core', en: coreEn, zh: coreZh },
  { name: 'timeline', en: timelineEn, zh: timelineZh },
  { name: 'scenarioIo', en: scenarioIoEn, zh: scenarioIoZh },
  { name: 'changelog', en: changelogEn, zh: changelogZh },
  { name: 'actions', en: actionsEn, zh: actionsZh },
  { name: 'narration', en: narrationEn, zh: narrationZh },
  { name: 'narrationStorage', en: narrationStorageEn, zh: narrationStorageZh },
  { name: 'narrationRecovery', en: narrationRecoveryEn, zh: narrationRecoveryZh },
  { name: 'narrationHints', en: narrationHintsEn, zh: narrationHintsZh },
  { name: 'restore', en: restoreEn, zh: restoreZh },
  { name: 'presenter', en: presenterEn, zh: presenterZh },
  { name: 'jobGraph', en: jobGraphEn, zh: jobGraphZh },
] as const;

export const en = {
  ...coreEn,
  ...timelineEn,
  ...scenarioIoEn,
  ...changelogEn,
  ...actionsEn,
  ...narrationEn,
  ...narrationStorageEn,
  ...narrationRecoveryEn,
  ...narrationHintsEn,
  ...presenterEn,
  ...restoreEn,
  ...jobGraphEn,
};

export type MessageKey = keyof typeof en;

export const zh: Record<MessageKey, string> = {
  ...coreZh,
  ...timelineZh,
  ...scenarioIoZh,
  ...changelogZh,
  ...actionsZh,
  ...narrationZh,
  ...narrationStorageZh,
  ...narrationRecoveryZh,
  ...narrationHintsZh,
  ...presenterZh,
  ...restoreZh,
  ...jobGraphZh,
};
