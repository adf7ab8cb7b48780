/**
 * Narration of a stop-with-savepoint (`flink stop [--drain]`): the request, each source stopping
 * before its barrier, each task finishing on the savepoint's notification, the job FINISHED.
 * Order and names follow `SchedulerBase#stopWithSavepoint` and `StopWithSavepointTerminationHandlerImpl`.
 */
import { first, type Narrator, ref } from './narrationKit';

export const stopWithSavepoint: Narrator = ({ events, tr }) => {
  const stop = first(events, 'job.stopWithSavepoint');
  if (stop) {
    if (stop.checkpointId === null) {
      return { headline: tr('narStopRefused', { reason: stop.reason ?? '' }), why: tr('narStopRefusedWhy'), flinkRef: ref(stop), primary: stop.type };
    }
    return {
      headline: tr(stop.drain ? 'narStopDrain' : 'narStopSuspend', { id: stop.checkpointId }),
      why: tr('narStopWhy'),
      flinkRef: ref(stop),
      primary: stop.type,
    };
  }
  const finished = first(events, 'job.finished');
  if (finished) {
    return {
      headline: tr('narJobFinished', { id: finished.savepointId }),
      why: tr('narJobFinishedWhy', { n: finished.discarded.length }),
      flinkRef: ref(finished),
      primary: finished.type,
    };
  }
  const source = first(events, 'source.stopped');
  if (source) {
    return {
      headline: tr(source.drain ? 'narSourceStoppedDrain' : 'narSourceStopped', { task: source.task ?? '', id: source.checkpointId }),
      why: tr('narSourceStoppedWhy'),
      flinkRef: ref(source),
      primary: source.type,
    };
  }
  const task = first(events, 'task.finished');
  if (task) {
    return {
      headline: tr('narTaskFinished', { task: task.task ?? '', id: task.checkpointId }),
      why: tr('narTaskFinishedWhy'),
      flinkRef: ref(task),
      primary: task.type,
    };
  }
  return null;
};
