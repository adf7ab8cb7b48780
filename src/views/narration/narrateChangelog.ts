/** Narrators of the changelog backend: materialization, truncation, persists and DSTL uploads. */
import { formatBytes } from '../format';
import { declineReason, truncationReason } from './reasonText';
import { type Narrator, first, ref } from './narrationKit';

export const materialization: Narrator = ({ events, tr }) => {
  const started = first(events, 'changelog.materialization.started');
  if (started) {
    return {
      headline: tr('narMatStarted', {
        task: started.task ?? '',
        id: started.materializationId,
        sqn: started.upToSqn,
        uploads: started.uploads,
        bytes: formatBytes(started.bytes),
      }),
      why: tr('narMatStartedWhy', { id: started.materializationId, sqn: started.upToSqn }),
      flinkRef: ref(started),
      primary: started.type,
    };
  }
  const done = first(events, 'changelog.materialization.completed');
  if (done) {
    return {
      headline: tr('narMatCompleted', {
        task: done.task ?? '',
        id: done.materializationId,
        bytes: formatBytes(done.uploadedBytes),
        ms: done.durationMs,
      }),
      why: tr('narMatCompletedWhy', { id: done.materializationId, sqn: done.upToSqn }),
      flinkRef: ref(done),
      primary: done.type,
    };
  }
  const failed = first(events, 'changelog.materialization.failed');
  if (failed) {
    return {
      headline: tr('narMatFailed', {
        id: failed.materializationId,
        task: failed.task ?? '',
        reason: declineReason(failed.reason, tr),
      }),
      why: tr('narMatFailedWhy', { n: failed.consecutiveFailures, max: failed.maxFailuresAllowed }),
      flinkRef: ref(failed),
      primary: failed.type,
    };
  }
  const skipped = first(events, 'changelog.materialization.skipped');
  if (skipped) {
    const key = {
      'not-changelog': 'narMatSkipNotChangelog',
      running: 'narMatSkipRunning',
      unconfirmed: 'narMatSkipUnconfirmed',
      'no-changes': 'narMatSkipNoChanges',
      'job-not-running': 'narMatSkipNotRunning',
    } as const;
    return {
      headline: tr('narMatSkipped', { task: skipped.task ?? '', reason: tr(key[skipped.reason]) }),
      why: tr('narMatSkippedWhy'),
      flinkRef: ref(skipped),
      primary: skipped.type,
    };
  }
  return null;
};

export const truncated: Narrator = ({ events, tr }) => {
  const e = first(events, 'changelog.truncated');
  if (!e) return null;
  return {
    headline: tr('narTruncated', {
      task: e.task ?? '',
      sqn: e.toSqn,
      n: e.releasedChangeSets,
      bytes: formatBytes(e.releasedBytes),
    }),
    why: tr('narTruncatedWhy', { why: truncationReason(e.why, tr) }),
    flinkRef: ref(e),
    primary: e.type,
  };
};

export const persisted: Narrator = ({ events, tr }) => {
  const e = first(events, 'changelog.persisted');
  if (!e) return null;
  const task = e.task ?? '';
  if (e.checkpointId === null) {
    return {
      headline: tr('narPersistedPre', {
        task,
        from: e.fromSqn,
        to: e.toSqn,
        bytes: formatBytes(e.bytes),
      }),
      why: tr('narPersistedPreWhy'),
      flinkRef: ref(e),
      primary: e.type,
    };
  }
  const headline = e.ready
    ? tr('narPersistedReady', { task, from: e.fromSqn, to: e.toSqn, id: e.checkpointId })
    : tr('narPersistedWait', {
        task,
        from: e.fromSqn,
        to: e.toSqn,
        id: e.checkpointId,
        n: e.changeSets,
        bytes: formatBytes(e.bytes),
      });
  return { headline, why: tr('narPersistedWhy'), flinkRef: ref(e), primary: e.type };
};

export const dstl: Narrator = ({ events, tr }) => {
  const failed = first(events, 'dstl.uploadFailed');
  if (failed) {
    return {
      headline: tr('narDstlFailed', { attempt: failed.attempt, max: failed.maxAttempts }),
      why: tr(failed.willRetry ? 'narDstlFailedWhyRetry' : 'narDstlFailedWhyGiveUp'),
      flinkRef: ref(failed),
      primary: failed.type,
    };
  }
  const done = first(events, 'dstl.uploaded');
  if (done)
    return {
      headline: tr('narDstlUploaded', {
        tm: done.taskManager,
        bytes: formatBytes(done.bytes),
        n: done.changeSets,
      }),
      why: tr('narDstlUploadedWhy'),
      flinkRef: ref(done),
      primary: done.type,
    };
  const started = first(events, 'dstl.uploadStarted');
  if (started) {
    return {
      headline: tr('narDstlStarted', {
        tm: started.taskManager,
        n: started.changeSets,
        writers: started.writers.join(tr('narListSep')),
        bytes: formatBytes(started.bytes),
        attempt: started.attempt,
      }),
      why: tr('narDstlStartedWhy'),
      flinkRef: ref(started),
      primary: started.type,
    };
  }
  return null;
};

// ---------------------------------------------------------------------------------------------
// Sinks.
