/** Turns the registry's explanation of a file into one or two sentences (English or Chinese). */
import type { FileExplanation } from '../../engine';
import type { Lang } from '../../i18n/language';

export function whyAlive(x: FileExplanation, lang: Lang): string {
  const zh = lang === 'zh';
  switch (x.status) {
    case 'registered': {
      const e = x.entry;
      const used = e.retainedBy.length > 0 ? e.retainedBy.join(', ') : zh ? '无' : 'none';
      if (x.model === 'refcount') {
        return zh
          ? `引用计数 ${e.referenceCount}：保留中的检查点 ${used} 引用它（Flink ≤1.14 模型）。这些检查点全部被取代后，计数归零，文件被删除。`
          : `Reference count ${e.referenceCount}: retained checkpoint(s) ${used} use it (Flink ≤1.14 model). When all of them are subsumed the count reaches 0 and the file is deleted.`;
      }
      return zh
        ? `由检查点 ${e.createdByCheckpointId} 创建，最后被检查点 ${e.lastUsedCheckpointId} 使用；最低保留检查点为 ${x.lowestRetainedCheckpointId ?? '无'}。当最低保留检查点大于 ${x.unusedOnceLowestRetainedAbove} 时，unregisterUnusedState 删除它（Flink ≥1.15 模型）。${e.protected ? ' 它来自以 NO_CLAIM 模式恢复的快照，本作业永不删除。' : ''}`
        : `Created by checkpoint ${e.createdByCheckpointId}, last used by checkpoint ${e.lastUsedCheckpointId}; the lowest retained checkpoint is ${x.lowestRetainedCheckpointId ?? 'none'}. unregisterUnusedState deletes it once the lowest retained checkpoint is above ${x.unusedOnceLowestRetainedAbove} (Flink ≥1.15 model).${e.protected ? ' It came with a snapshot restored in NO_CLAIM mode: this job never deletes it.' : ''}`;
    }
    case 'acknowledged':
      return zh ? '已被进行中的检查点确认；该检查点完成时注册（引用计数模型）。' : 'Acknowledged by a pending checkpoint; it is registered when that checkpoint completes (reference-count model).';
    case 'discarded':
      return zh ? '注册表已放弃它（见删除事件）。' : 'The registry gave it up (see the deletion event).';
    case 'unknown':
      return zh ? '不是共享文件：它属于某个检查点的独占目录，随该检查点一起删除。' : 'Not a shared file: it lives in one checkpoint’s exclusive directory and is deleted with that checkpoint.';
  }
}
