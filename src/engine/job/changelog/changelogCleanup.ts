/**
 * What happens to the changelog files of a cancelled job attempt. Files a TaskManager still owns —
 * DSTL files no completed checkpoint has confirmed, and a materialization's files no completed
 * checkpoint uses — can never be referenced again: the restarted job has new writers. Flink leaves
 * them behind as orphans (FLINK-24852, FLINK-23139); the teaching engine deletes them when the
 * tasks are cancelled, and says so, so that storage shows only what checkpoints can still need.
 */
import { getEntry, registryKeyForPath } from '../../registry';
import type { StepContext } from '../../stepContext';
import { deleteFile } from '../../storage/remoteStorage';

export function discardTaskOwnedChangelogFiles(ctx: StepContext): void {
  const job = ctx.state.job;
  if (Object.keys(job.changelogTms).length === 0) return;
  const c = ctx.state.coordinator;
  const retained = new Set([...c.completed, ...c.savepoints].flatMap((x) => x.files));
  const candidates = new Set<string>();
  for (const tm of Object.values(job.changelogTms)) for (const f of Object.keys(tm.registry.entries)) candidates.add(f);
  for (const [path, f] of Object.entries(ctx.state.storage.files)) {
    if (f.meta.scope === 'taskowned') candidates.add(path);
  }
  for (const path of [...candidates].sort()) {
    if (retained.has(path) || getEntry(ctx.state.registry, registryKeyForPath(path)) !== null) continue;
    const size = ctx.state.storage.files[path]?.bytes.length ?? 0;
    if (deleteFile(ctx.state.storage, path)) {
      ctx.emit('file.discarded', { path, size, reason: 'the task that owned it was cancelled before any completed checkpoint used it (Flink would leave it as an orphan; the teaching engine cleans up)' }, { flinkRef: 'FLINK-24852 (orphaned changelog files)' });
    }
  }
}
