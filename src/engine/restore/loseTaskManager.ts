/**
 * The `loseTaskManager` action: a TaskManager process (or its machine) is gone. The JobMaster
 * notices (`JobMaster#disconnectTaskManager`, after a heartbeat timeout), the tasks in its slots
 * fail, and the failover restarts the job (one pipelined region: keyBy connects every subtask).
 * The TaskManager's local state directories go with it (`TaskExecutorLocalStateStoresManager`):
 * a replacement started by the ResourceManager offers new slots with an empty disk, so the tasks
 * placed there restore from remote storage while those on surviving TaskManagers can still
 * restore locally. Simplified: the replacement is there at once and takes the lost one's index.
 */
import type { StepContext } from '../stepContext';
import { taskManagerName } from '../job/changelog/changelogTaskState';
import { localRecoveryEnabled, replaceTaskManager } from '../snapshot/taskLocalStateStore';
import { failJob } from './failover';

export function loseTaskManager(ctx: StepContext, index: number): void {
  const job = ctx.state.job;
  if (index >= job.topology.taskManagers) throw new Error(`loseTaskManager: the job runs on ${job.topology.taskManagers} TaskManager(s), there is no ${taskManagerName(index)}`);
  const tm = taskManagerName(index);
  const tasks = job.topology.subtasks.filter((s) => s.taskManager === index).map((s) => s.name);
  const lost = localRecoveryEnabled(ctx.state) ? replaceTaskManager(ctx, index) : { lostBytes: 0, lostSnapshots: 0 };
  const incarnation = ctx.state.localState?.taskManagers[tm]?.incarnation ?? 0;
  ctx.emit('taskManager.lost', { taskManager: tm, tasks, localSnapshots: lost.lostSnapshots, localBytes: lost.lostBytes, incarnation }, { task: 'jobmanager' });
  failJob(ctx, `TaskManager ${tm} is no longer reachable (injected loss): ${tasks.join(', ')} failed with it`);
}
