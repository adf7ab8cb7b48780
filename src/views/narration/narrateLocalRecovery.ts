/** Narrators of local recovery: a TaskManager lost with its disk, and where a keyed subtask's state came from on restore. */
import { formatKeyGroupRange } from '../../engine';
import { formatBytes } from '../format';
import { type Narrator, first, joinSentences, ref } from './narrationKit';

export const taskManagerLost: Narrator = ({ events, tr }) => {
  const e = first(events, 'taskManager.lost');
  if (!e) return null;
  const failed = first(events, 'job.failed');
  return {
    headline: tr('narTmLost', { tm: e.taskManager, tasks: e.tasks.join(tr('narListSep')) }),
    why: joinSentences(
      e.localSnapshots > 0 ? tr('narTmLostDisk', { n: e.localSnapshots, bytes: formatBytes(e.localBytes) }) : null,
      failed?.restartFrom != null ? tr('narJobFailedWhy', { cp: failed.restartFrom }) : tr('narJobFailedWhyScratch'),
    ),
    flinkRef: ref(e),
    primary: e.type,
  };
};

/** A keyed subtask restored: from the TaskManager's disk (local copy) or from remote storage, and why. */
export const keyedStateSource: Narrator = ({ events, tr }) => {
  const e = first(events, 'restore.localState');
  const restored = first(events, 'restore.taskRestored');
  if (!e || !restored?.keyGroupRange) return null;
  const range = formatKeyGroupRange(restored.keyGroupRange);
  if (e.source === 'local')
    return {
      headline: tr('narLocalRestored', { task: e.task ?? '', range, tm: e.taskManager, bytes: formatBytes(e.localBytes), entries: restored.entries }),
      why: tr('narLocalRestoredWhy', { id: e.checkpointId }),
      flinkRef: ref(e),
      primary: e.type,
    };
  const why = { found: null, 'no-local-copy': 'narRemoteNoCopy', 'other-key-groups': 'narRemoteRescaled', changelog: 'narRemoteChangelog' } as const;
  const key = why[e.reason];
  return {
    headline: tr('narRemoteRestored', { task: e.task ?? '', range, files: e.remoteFiles, bytes: formatBytes(e.remoteBytes), entries: restored.entries }),
    why: key ? tr(key, { tm: e.taskManager, id: e.checkpointId }) : '',
    flinkRef: ref(e),
    primary: e.type,
  };
};
