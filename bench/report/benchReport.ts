/**
 * Everything `npm run bench` printed, kept to be written as docs/benchmarks.md and .json:
 * `printSection` records each section here, and the runner adds the named figures a bench
 * returns (`scale.seconds`, `app.longestTaskMs`, …).
 */
import type { BenchLine } from '../stats';

export interface ReportLine extends BenchLine {
  /** The leading number of `value` (thousands separators removed), when it has one. */
  figure?: number;
}

export interface ReportSection {
  /** The bench that printed it (the key its figures are filed under). */
  bench: string;
  title: string;
  lines: ReportLine[];
}

const sections: ReportSection[] = [];
const figures: Record<string, number> = {};
let currentBench = 'bench';

/** The leading number of a printed value: "1,234.5 ms" → 1234.5; none → undefined. */
export function leadingNumber(value: string): number | undefined {
  const m = /^\s*(-?[\d,]*\.?\d+)/.exec(value);
  if (!m) return undefined;
  const n = Number(m[1]!.replace(/,/g, ''));
  return Number.isFinite(n) ? n : undefined;
}

export function beginBench(name: string): void {
  currentBench = name;
}

export function recordSection(title: string, lines: readonly BenchLine[]): void {
  sections.push({
    bench: currentBench,
    title,
    lines: lines.map((l) => {
      const figure = leadingNumber(l.value);
      return figure === undefined ? { ...l } : { ...l, figure };
    }),
  });
}

/** Named figures of a bench, filed as `<bench>.<name>`. */
export function recordFigures(bench: string, named: Record<string, number>): void {
  for (const [k, v] of Object.entries(named)) figures[`${bench}.${k}`] = v;
}

export function recordedSections(): readonly ReportSection[] {
  return sections;
}

export function recordedFigures(): Readonly<Record<string, number>> {
  return figures;
}
