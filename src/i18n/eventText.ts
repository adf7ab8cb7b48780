/**
 * One line per engine event, in English and Chinese, for the event list and the narration.
 * The switch ends in assertNever: a new event type does not compile until it has its text.
 */
import { describeAction, type EngineEvent, type StateValueView } from '../engine';
import type { Lang } from './language';

function fmtKey(k: string | number): string {
  return typeof k === 'string' ? `"${k}"` : String(k);
}

function fmtValue(v: StateValueView): string {
  if (v === null) return '∅';
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : v.toFixed(2);
  if (Array.isArray(v)) return v.length > 6 ? `[${v.slice(0, 6).join(', ')}, … ${v.length}]` : `[${v.join(', ')}]`;
  return `{${Object.entries(v).map(([k, n]) => `${k}: ${n}`).join(', ')}}`;
}

const KIND_EN: Record<string, string> = { value: 'ValueState', list: 'ListState', map: 'MapState', reducing: 'ReducingState', aggregating: 'AggregatingState' };
const stateKindEn = (k: string): string => KIND_EN[k] ?? k;
const stateKindZh = (k: string): string => KIND_EN[k] ?? k;

function assertNever(x: never): never {
  throw new Error(`No text for event ${JSON.stringify(x)}`);
}

export function describeEvent(e: EngineEvent, lang: Lang): string {
  const zh = lang === 'zh';
  switch (e.type) {
    case 'sim.started':
      return zh
        ? `作业启动：${e.tasks} 个子任务，最大并行度 ${e.maxParallelism}（键组数），种子 ${e.seed}，运行到 ${e.untilMs} 毫秒`
        : `Job started: ${e.tasks} subtasks, max parallelism ${e.maxParallelism} (key groups), seed ${e.seed}, runs until ${e.untilMs} ms`;
    case 'user.action':
      return zh ? `用户操作：${describeAction(e.action)}` : `User action: ${describeAction(e.action)}`;
    case 'source.emitted':
      return zh
        ? `Source 读取${e.fromLog ? '脚本日志' : ''}偏移量 ${e.offset} 的记录 ${fmtKey(e.key)}=${e.value}（键组 ${e.keyGroup}），按 keyBy 发往 ${e.to}`
        : `Source reads ${e.fromLog ? 'script-log ' : ''}offset ${e.offset}: record ${fmtKey(e.key)}=${e.value} (key group ${e.keyGroup}); keyBy sends it to ${e.to}`;
    case 'state.updated':
      return zh
        ? `${stateKindZh(e.kind)} “${e.state}” 中键 ${fmtKey(e.key)}（键组 ${e.keyGroup}）加入 ${e.input} 后变为 ${fmtValue(e.value)}`
        : `${stateKindEn(e.kind)} "${e.state}" of key ${fmtKey(e.key)} (key group ${e.keyGroup}) takes ${e.input}: now ${fmtValue(e.value)}`;
    case 'sink.received':
      return zh ? `Sink 收到来自 ${e.from} 的记录 ${fmtKey(e.key)}=${e.value}` : `Sink receives ${fmtKey(e.key)}=${e.value} from ${e.from}`;
    default:
      return assertNever(e);
  }
}
