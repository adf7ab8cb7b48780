/**
 * Every Chinese UI string, merged from one table per area (`./<area>.ts`). Chinese terms follow
 * the seed articles (检查点, 屏障, 对齐, 物化, 截断, 增量, 状态后端 …). The type demands a text for
 * every English key.
 */
import type { MessageKey } from '../messages';
import { coreZh } from './core';
import { timelineZh } from './timeline';
import { scenarioIoZh } from './scenarioIo';
import { changelogZh } from './changelog';
import { actionsZh } from './actions';
import { narrationZh } from './narration';
import { narrationStorageZh } from './narrationStorage';
import { narrationRecoveryZh } from './narrationRecovery';
import { narrationHintsZh } from './narrationHints';
import { restoreZh } from './restore';
import { presenterZh } from './presenter';
import { jobGraphZh } from './jobGraph';
import { examplesZh } from './examples';
import { registryZh } from './registry';
import { playbackZh } from './playback';
import { classroomZh } from './classroom';
import { recordingZh } from './recording';
import { checkpointDetailZh } from './checkpointDetail';
import { helpZh } from './help';
import { lessonsZh } from './lessons';
import { inspectorZh } from './inspector';
import { compareZh } from './compare';

export const messagesZh: Record<MessageKey, string> = {
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
  ...examplesZh,
  ...registryZh,
  ...playbackZh,
  ...classroomZh,
  ...recordingZh,
  ...checkpointDetailZh,
  ...helpZh,
  ...lessonsZh,
  ...inspectorZh,
  ...compareZh,
};
