/**
 * One line per engine event, in English and Chinese, for the event list and the narration.
 * The switch ends in assertNever: a new event type does not compile until it has its text.
 */
import { describeAction, type EngineEvent } from '../engine';
import type { Lang } from './language';

function assertNever(x: never): never {
  throw new Error(`No text for event ${JSON.stringify(x)}`);
}

export function describeEvent(e: EngineEvent, lang: Lang): string {
  const zh = lang === 'zh';
  switch (e.type) {
    case 'sim.started':
      return zh ? `作业启动（种子 ${e.seed}，运行到 ${e.untilMs} 毫秒）` : `Job started (seed ${e.seed}, runs until ${e.untilMs} ms)`;
    case 'user.action':
      return zh ? `用户操作：${describeAction(e.action)}` : `User action: ${describeAction(e.action)}`;
    case 'toy.emitted':
      return zh
        ? `Source 发出记录 ${e.value}，通道延迟 ${e.channelLatencyMs} 毫秒`
        : `Source emits record ${e.value}; the channel takes ${e.channelLatencyMs} ms`;
    case 'toy.received':
      return zh
        ? `求和任务收到 ${e.value}：总和 = ${e.sum}（共 ${e.count} 条）`
        : `Sum task receives ${e.value}: sum = ${e.sum} (${e.count} records)`;
    default:
      return assertNever(e);
  }
}
