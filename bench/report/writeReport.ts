/**
 * Writes docs/benchmarks.md and docs/benchmarks.json from what the benches recorded: the
 * machine, the date, every printed figure (with its goal, when it has one) and the named
 * figures (`scale.*`, `app.*`). Ratios to baselines are lines of their sections, measured in
 * the same run, so they are written like every other figure.
 */
import { writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem, type as osType, release } from 'node:os';
import type { ReportSection } from './benchReport';

export interface Machine {
  cpu: string;
  cores: number;
  memoryGB: number;
  os: string;
  node: string;
  /** 1-minute load average when the report was written (other work on the machine skews timings). */
  loadAverage: number;
}

export interface BenchReport {
  date: string;
  machine: Machine;
  /** Named figures, `<bench>.<figure>`: the keys other tools read. */
  figures: Record<string, number>;
  sections: ReportSection[];
}

export function machine(): Machine {
  const c = cpus();
  return {
    cpu: c[0]?.model.trim() ?? 'unknown',
    cores: c.length,
    memoryGB: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
    os: `${osType()} ${release()}`,
    node: process.version,
    loadAverage: Math.round(loadavg()[0]! * 100) / 100,
  };
}

const cell = (s: string): string => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function reportMarkdown(r: BenchReport): string {
  const m = r.machine;
  const out: string[] = [
    '# Benchmarks',
    '',
    `Written by \`npm run bench\` on ${r.date}; do not edit by hand (run it again).`,
    '',
    `Machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGB} GB, ${m.os}, Node ${m.node}, load average ${m.loadAverage} when written.`,
    'Ratios compare figures measured in this same run; goals are the issues\' targets.',
    '',
  ];
  const named = Object.entries(r.figures);
  if (named.length > 0) {
    out.push('## Named figures (docs/benchmarks.json `figures`)', '', '| key | value |', '|---|---|');
    // NaN (null in the JSON): not measured, its section says why (e.g. the run budget refused the scale run).
    for (const [k, v] of named) out.push(`| \`${k}\` | ${Number.isNaN(v) ? 'not measured (see its section)' : Number.isInteger(v) ? v : v.toFixed(2)} |`);
    out.push('');
  }
  for (const s of r.sections) {
    out.push(`## ${s.title}`, '', '| figure | value | goal |', '|---|---|---|');
    for (const l of s.lines) {
      const goal = l.goal ? `${cell(l.goal)}: ${l.ok ? 'met' : '**NOT met**'}` : '';
      out.push(`| ${cell(l.name)} | ${cell(l.value)} | ${goal} |`);
    }
    out.push('');
  }
  return out.join('\n');
}

export function writeReport(r: BenchReport, mdPath: string, jsonPath: string): void {
  writeFileSync(mdPath, reportMarkdown(r));
  writeFileSync(jsonPath, `${JSON.stringify(r, null, 2)}\n`);
}
