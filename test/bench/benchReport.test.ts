// The benchmark report's writer and the long-task attribution tool (bench/): what
// docs/benchmarks.md says about figures that were not measured, and how a trace's long tasks
// are found and split by what ran.
import { describe, expect, it } from 'vitest';
import { reportMarkdown, type BenchReport } from '../../bench/report/writeReport';
import { leadingNumber } from '../../bench/report/benchReport';
import { attribute } from '../../bench/diag/attributeLongTasks';

const machine = { cpu: 'test cpu', cores: 2, memoryGB: 8, os: 'Linux', node: 'v20', loadAverage: 1.5 };

describe('benchmark report', () => {
  it('names the machine and the date, and says which named figures were not measured', () => {
    const r: BenchReport = {
      date: '2026-12-02T14:00:00.000Z',
      machine,
      figures: { 'scale.records': 1003520, 'app.longestTaskMs': Number.NaN, 'app.firstInteractiveMs': 930.4 },
      sections: [{ bench: 'app', title: 'The app', lines: [{ name: 'first view', value: '930 ms', goal: '≤ 1500 ms', ok: true, figure: 930 }] }],
    };
    const md = reportMarkdown(r);
    expect(md).toContain('2026-12-02T14:00:00.000Z');
    expect(md).toContain('test cpu, 2 cores, 8 GB');
    expect(md).toContain('| `scale.records` | 1003520 |');
    expect(md).toContain('| `app.firstInteractiveMs` | 930.40 |');
    expect(md).toContain('| `app.longestTaskMs` | not measured (see its section) |');
    expect(md).toContain('| first view | 930 ms | ≤ 1500 ms: met |');
  });

  it('reads the leading number of a printed value', () => {
    expect(leadingNumber('1,234.5 ms')).toBe(1234.5);
    expect(leadingNumber('346 (longest 5,292 ms)')).toBe(346);
    expect(leadingNumber('scenarios/scale-run.json as is')).toBeUndefined();
  });
});

describe('long-task attribution', () => {
  const main = { pid: 1, tid: 7 };
  const ev = (name: string, ts: number, dur: number, data?: Record<string, unknown>) => ({ name, ph: 'X', ts, dur, ...main, args: data ? { data } : {} });
  const trace = [
    { name: 'thread_name', ph: 'M', ts: 0, pid: 1, tid: 7, args: { name: 'CrRendererMain' } },
    // A 120 ms task (nested RunTask events count once): 80 ms of script, inside it 30 ms of layout.
    ev('ThreadControllerImpl::RunTask', 1000, 120_000),
    ev('RunTask', 1000, 120_000),
    ev('FunctionCall', 2000, 80_000, { functionName: 'tick', url: 'http://x/assets/index.js' }),
    ev('Layout', 10_000, 30_000),
    // A 40 ms task: not long.
    ev('RunTask', 200_000, 40_000),
    // Another thread's long task: not the page's main thread.
    { ...ev('RunTask', 300_000, 90_000), tid: 8 },
  ];

  it('finds the main thread tasks over 50 ms and splits their time by what ran', () => {
    const out = attribute(trace).join('\n');
    expect(out).toContain("1 tasks on the page's main thread");
    expect(out).toContain('wall/CPU (ms): 120/0');
    expect(out).toMatch(/41\.7%\s+50 ms\s+script: tick index\.js/);
    expect(out).toMatch(/25\.0%\s+30 ms\s+Layout/);
  });

  it('puts profile samples inside the long tasks on their functions', () => {
    const frame = (functionName: string, url = '') => ({ functionName, url, lineNumber: 0 });
    const profile = {
      nodes: [
        { id: 1, callFrame: frame('(root)'), children: [2] },
        { id: 2, callFrame: frame('tick', 'http://x/assets/index.js'), children: [3] },
        { id: 3, callFrame: frame('compareSinkOutcomes', 'http://x/assets/index.js') },
      ],
      startTime: 0,
      // Samples at 5, 15 ms (10 ms each), 25 ms (until the task's end at 121 ms: 96 ms), 135 ms (outside).
      samples: [3, 3, 2, 3],
      timeDeltas: [5000, 10_000, 10_000, 110_000],
    };
    const out = attribute(trace, profile).join('\n');
    expect(out).toContain('CPU profile samples inside those tasks: 116 ms');
    expect(out).toMatch(/top self time:\n\s+82\.8%\s+tick index\.js:1\n\s+17\.2%\s+compareSinkOutcomes index\.js:1/);
    expect(out).toMatch(/inclusive[^\n]*\n\s+100\.0%\s+tick index\.js:1/);
  });
});
