/** The fault matrix as text: per dimension, how many cases were tried and how many passed. */
import { BACKENDS, BUFFERED_RECORDS_PER_BUFFER, MODES, PHASES, PHASE_GROUP, REGISTRIES, SAVEPOINT_FORMATS, RESTORE_MODES, type FaultCase } from './cases';

export interface CaseOutcome {
  passed: boolean;
  /** Records processed ahead of older records of their channel (engineBugs.test.ts). */
  reorders: number;
  failovers: number;
  restoresChecked: number;
  /** At-least-once: records restored on top of the reference (counted past the barriers). */
  extraRecords: number;
  /** Unaligned: in-flight records processed again after restores. */
  replayed: number;
}

function pad(s: string, n: number): string {
  return s.length >= n ? s : s + ' '.repeat(n - s.length);
}

export function matrixTable(cases: readonly FaultCase[], outcomes: ReadonlyMap<string, CaseOutcome>): string {
  const tried = cases.filter((c) => outcomes.has(c.name));
  const rows: string[][] = [['dimension', 'value', 'tried', 'passed']];
  const add = (dimension: string, value: string, pick: (c: FaultCase) => boolean) => {
    const mine = tried.filter(pick);
    if (mine.length === 0) return;
    const passed = mine.filter((c) => outcomes.get(c.name)!.passed).length;
    rows.push([dimension, value, String(mine.length), String(passed)]);
  };
  for (const b of BACKENDS) add('backend', b.id, (c) => c.backend.id === b.id);
  for (const r of REGISTRIES) add('registry', r, (c) => c.registry === r);
  for (const m of MODES) add('mode', m, (c) => c.mode === m);
  for (const n of [1, BUFFERED_RECORDS_PER_BUFFER]) add('records per network buffer', String(n), (c) => c.recordsPerBuffer === n);
  for (const f of SAVEPOINT_FORMATS) add('savepoint format', f, (c) => c.savepoint === f);
  for (const r of RESTORE_MODES) add('restore mode', r, (c) => c.restoreMode === r);
  for (const r of RESTORE_MODES) add('new job from a savepoint', r, (c) => c.restoreFrom === 'savepoint' && c.restoreMode === r);
  for (const g of new Set(Object.values(PHASE_GROUP))) add('fault phase', g, (c) => PHASE_GROUP[c.phase] === g);
  for (const p of PHASES) add('fault injector', p, (c) => c.phase === p);
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((cell, i) => pad(cell, widths[i]!)).join(' | ').trimEnd();
  const out = [line(rows[0]!), widths.map((w) => '-'.repeat(w)).join('-|-')];
  let last = '';
  for (const r of rows.slice(1)) {
    if (r[0] !== last && last !== '') out.push('');
    last = r[0]!;
    out.push(line(r));
  }
  const passed = tried.filter((c) => outcomes.get(c.name)!.passed).length;
  const sum = (f: (o: CaseOutcome) => number) => tried.reduce((a, c) => a + f(outcomes.get(c.name)!), 0);
  out.push(
    '',
    `Exercised: ${sum((o) => o.failovers)} failovers, ${sum((o) => o.restoresChecked)} restores checked, ` +
      `${sum((o) => o.extraRecords)} records restored past the barriers (at_least_once), ${sum((o) => o.replayed)} in-flight records replayed (unaligned).`,
  );
  const reordered = tried.filter((c) => outcomes.get(c.name)!.reorders > 0);
  if (reordered.length > 0) {
    const n = reordered.reduce((a, c) => a + outcomes.get(c.name)!.reorders, 0);
    out.push('', `Records processed ahead of older records of their channel: ${n} in ${reordered.length} cases (engine bug, engineBugs.test.ts).`);
  }
  out.push(`cases tried: ${tried.length}, passed: ${passed}`);
  return out.join('\n');
}
