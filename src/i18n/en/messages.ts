/**
 * Every English UI string, merged from one table per area of the UI (`./<area>.ts`), so that each
 * view owns its strings. `MessageKey` (../messages.ts) is derived from this table's type. Keys
 * must be unique across areas: a later area would silently override an earlier one
 * (../messages.test.ts checks).
 */
import { coreEn } from './core';
import { timelineEn } from './timeline';
import { scenarioIoEn } from './scenarioIo';
import { changelogEn } from './changelog';
import { actionsEn } from './actions';
import { narrationEn } from './narration';
import { narrationStorageEn } from './narrationStorage';
import { narrationRecoveryEn } from './narrationRecovery';
import { narrationHintsEn } from './narrationHints';
import { restoreEn } from './restore';
import { presenterEn } from './presenter';
import { jobGraphEn } from './jobGraph';
import { examplesEn } from './examples';
import { registryEn } from './registry';
import { playbackEn } from './playback';
import { classroomEn } from './classroom';
import { recordingEn } from './recording';
import { checkpointDetailEn } from './checkpointDetail';
import { helpEn } from './help';
import { lessonsEn } from './lessons';
import { inspectorEn } from './inspector';
import { compareEn } from './compare';

export const messagesEn = {
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
  ...examplesEn,
  ...registryEn,
  ...playbackEn,
  ...classroomEn,
  ...recordingEn,
  ...checkpointDetailEn,
  ...helpEn,
  ...lessonsEn,
  ...inspectorEn,
  ...compareEn,
};
