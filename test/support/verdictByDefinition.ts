/**
 * The exactly-once verdict as first defined (verdict/exactlyOnce.ts's header), record by record
 * over per-origin counts, the shape the sink's output had before it became runs of offsets
 * (job/sink/seenRuns.ts). Tests hold the runs-based verdict to it: same counts, same origins.
 */
import type { ExactlyOnceVerdict } from '../../src/engine/verdict/exactlyOnce';

export interface CountsOutcome {
  committed: Record<string, number>;
  settled: Record<string, number>;
}

export function verdictByDefinition(run: CountsOutcome, reference: CountsOutcome): ExactlyOnceVerdict {
  const inRange = (origin: string): boolean => {
    const m = /^(p\d+:[gl])(\d+)$/.exec(origin);
    return !!m && Number(m[2]) < Math.min(run.settled[m[1]!] ?? 0, reference.settled[m[1]!] ?? 0);
  };
  let compared = 0;
  let correct = 0;
  const lostOrigins: string[] = [];
  for (const origin of Object.keys(reference.committed)) {
    if (!inRange(origin)) continue;
    compared += 1;
    const n = run.committed[origin] ?? 0;
    if (n === 0) lostOrigins.push(origin);
    else if (n === 1) correct += 1;
  }
  let duplicated = 0;
  let notCompared = 0;
  const duplicatedOrigins: string[] = [];
  for (const [origin, n] of Object.entries(run.committed)) {
    const extra = n - Math.max(1, reference.committed[origin] ?? 0);
    if (extra > 0) {
      duplicated += extra;
      duplicatedOrigins.push(origin);
    }
    if (!inRange(origin)) notCompared += 1;
  }
  lostOrigins.sort();
  duplicatedOrigins.sort();
  return { exactlyOnce: lostOrigins.length === 0 && duplicated === 0, compared, correct, lost: lostOrigins.length, duplicated, notCompared, lostOrigins, duplicatedOrigins };
}
