/**
 * Attributes the main thread's long tasks in a Chromium trace (and, optionally, a CPU profile taken
 * over the same time): which tasks took over 50 ms, what they ran (script by entry point, style,
 * layout, paint, GC), and the JavaScript functions with the most self time inside them.
 *
 *   npx tsx bench/diag/attributeLongTasks.ts trace.json [profile.json]
 *
 * The trace: Playwright's `browser.startTracing(page, { categories: ['toplevel', 'devtools.timeline',
 * 'disabled-by-default-devtools.timeline', 'v8'] })`; the profile: CDP `Profiler.stop`'s `profile`.
 * Both use the browser's monotonic clock in µs, so profile samples fall inside the trace's tasks.
 * A diagnostic for people (how docs/benchmarks and the e2e long-task findings were made), not a bench.
 */
import { readFileSync } from 'node:fs';

/** One event of a Chromium trace (`traceEvents`), as far as these diagnostics read it. */
export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: Record<string, unknown> };
}

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const LONG_US = 50_000;
const TASKS = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);

/** What a child event of a task counts as: its name, with script attributed to its entry point. */
function label(e: TraceEvent): string {
  const d = e.args?.data ?? {};
  if (e.name === 'FunctionCall') return `script: ${String(d.functionName || '(anonymous)')} ${String(d.url ?? '').replace(/^.*\//, '')}`;
  if (e.name === 'EventDispatch') return `event: ${String(d.type)}`;
  if (e.name === 'TimerFire' || e.name === 'FireAnimationFrame' || e.name === 'FireIdleCallback') return e.name;
  return e.name;
}

const short = (url: string) => url.replace(/^.*\//, '');

/**
 * `isLong` picks the tasks to attribute (default: over 50 ms of wall time); e.g. by thread CPU
 * (`tdur`) on a loaded machine, or one task at a time.
 */
/**
 * The main threads of the page's renderers (a navigation may move the page to another renderer
 * process), not of the browser's own WebUI renderers (e.g. the omnibox popup's, which the trace
 * records too).
 */
export function pageMainThreads(trace: readonly TraceEvent[]): Set<string> {
  const webUi = new Set(trace.filter((e) => e.name === 'process_name' && /WebUI/.test(e.args?.name ?? '')).map((e) => e.pid));
  return new Set(trace.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && !webUi.has(e.pid)).map((e) => `${e.pid}:${e.tid}`));
}

export function attribute(trace: TraceEvent[], profile?: CpuProfile, isLong: (task: TraceEvent) => boolean = (e) => e.dur! > LONG_US, top = 25): string[] {
  const main = pageMainThreads(trace);
  if (main.size === 0) return ['no CrRendererMain thread in the trace'];
  const onMain = trace.filter((e) => main.has(`${e.pid}:${e.tid}`) && e.ph === 'X' && e.dur !== undefined);
  const nested = onMain.filter((e) => TASKS.has(e.name) && isLong(e)).sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  // RunTask events nest (the scheduler's inside the thread's): a task is the outermost one.
  const tasks: TraceEvent[] = [];
  for (const e of nested) if (!tasks.some((t) => e.pid === t.pid && e.tid === t.tid && e.ts >= t.ts && e.ts + e.dur! <= t.ts + t.dur!)) tasks.push(e);
  const out = [`${tasks.length} tasks on the page's main thread; wall/CPU (ms): ${tasks.map((t) => `${Math.round(t.dur! / 1000)}/${Math.round((t.tdur ?? 0) / 1000)}`).join(', ')}`];
  // Exclusive time per label: each event's duration minus its direct children's (events nest by time).
  const byLabel = new Map<string, number>();
  const total = tasks.reduce((s, t) => s + t.dur!, 0);
  for (const task of tasks) {
    const inside = onMain.filter((e) => e !== task && e.pid === task.pid && e.tid === task.tid && e.ts >= task.ts && e.ts + e.dur! <= task.ts + task.dur!).sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
    const stack: TraceEvent[] = [];
    const self = new Map<TraceEvent, number>();
    for (const e of inside) {
      while (stack.length && stack.at(-1)!.ts + stack.at(-1)!.dur! <= e.ts) stack.pop();
      const parent = stack.at(-1);
      if (parent) self.set(parent, (self.get(parent) ?? parent.dur!) - e.dur!);
      self.set(e, e.dur!);
      stack.push(e);
    }
    let covered = 0;
    for (const [e, us] of self) {
      byLabel.set(label(e), (byLabel.get(label(e)) ?? 0) + us);
      covered += us;
    }
    byLabel.set('(task, nothing traced inside)', (byLabel.get('(task, nothing traced inside)') ?? 0) + task.dur! - covered);
  }
  out.push(`their time, ${Math.round(total / 1000)} ms in all, by what ran (exclusive):`);
  for (const [k, us] of [...byLabel].sort((a, b) => b[1] - a[1]).slice(0, top)) out.push(`  ${((100 * us) / total).toFixed(1).padStart(5)}%  ${Math.round(us / 1000)} ms  ${k}`);
  if (profile) {
    const parent = new Map<number, number>();
    for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    const node = new Map(profile.nodes.map((n) => [n.id, n]));
    const selfUs = new Map<string, number>();
    const entryUs = new Map<string, number>();
    const inclusiveUs = new Map<string, number>();
    let t = profile.startTime;
    let inTasks = 0;
    for (let i = 0; i < profile.samples.length; i++) {
      t += profile.timeDeltas[i]!;
      const task = tasks.find((k) => t >= k.ts && t < k.ts + k.dur!);
      if (!task) continue;
      // A sample stands for the time until the next one, within its task.
      const dt = Math.min(profile.timeDeltas[i + 1] ?? 0, task.ts + task.dur! - t);
      inTasks += dt;
      const n = node.get(profile.samples[i]!)!;
      const f = n.callFrame;
      const name = `${f.functionName || '(anonymous)'} ${short(f.url)}:${f.lineNumber + 1}`;
      selfUs.set(name, (selfUs.get(name) ?? 0) + dt);
      // The outermost JavaScript frame of the sample: which handler the time is spent under.
      let outer = n;
      const onStack = new Set<string>([name]);
      for (let p = parent.get(n.id); p !== undefined; p = parent.get(p)) {
        const pn = node.get(p)!;
        if (pn.callFrame.url) outer = pn;
        onStack.add(`${pn.callFrame.functionName || '(anonymous)'} ${short(pn.callFrame.url)}:${pn.callFrame.lineNumber + 1}`);
      }
      for (const k of onStack) inclusiveUs.set(k, (inclusiveUs.get(k) ?? 0) + dt);
      const entry = outer.callFrame.url ? `${outer.callFrame.functionName || '(anonymous)'} ${short(outer.callFrame.url)}:${outer.callFrame.lineNumber + 1}` : name;
      entryUs.set(entry, (entryUs.get(entry) ?? 0) + dt);
    }
    out.push(`CPU profile samples inside those tasks: ${Math.round(inTasks / 1000)} ms; top self time:`);
    for (const [k, us] of [...selfUs].sort((a, b) => b[1] - a[1]).slice(0, top)) out.push(`  ${((100 * us) / Math.max(1, inTasks)).toFixed(1).padStart(5)}%  ${k}`);
    out.push('top inclusive time (the function or what it called):');
    for (const [k, us] of [...inclusiveUs].sort((a, b) => b[1] - a[1]).slice(0, top + 15)) out.push(`  ${((100 * us) / Math.max(1, inTasks)).toFixed(1).padStart(5)}%  ${k}`);
    out.push('by outermost JavaScript frame:');
    for (const [k, us] of [...entryUs].sort((a, b) => b[1] - a[1]).slice(0, Math.ceil(top / 2))) out.push(`  ${((100 * us) / Math.max(1, inTasks)).toFixed(1).padStart(5)}%  ${k}`);
  }
  return out;
}

if (process.argv[1]?.endsWith('attributeLongTasks.ts')) {
  const [tracePath, profilePath] = process.argv.slice(2);
  if (!tracePath) throw new Error('usage: attributeLongTasks.ts trace.json [profile.json]');
  const raw = JSON.parse(readFileSync(tracePath, 'utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(raw) ? raw : (raw.traceEvents ?? []);
  const profile = profilePath ? (JSON.parse(readFileSync(profilePath, 'utf8')) as CpuProfile) : undefined;
  console.log(attribute(events, profile).join('\n'));
}
