// Sums the unit (Vitest) and browser (Playwright) JSON reports into the one line CI reads:
// "N passed, N failed". A report that is missing contributes nothing (its stage did not run).
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;

if (existsSync('reports/unit.json')) {
  const r = JSON.parse(readFileSync('reports/unit.json', 'utf8'));
  passed += r.numPassedTests ?? 0;
  failed += (r.numFailedTests ?? 0) + (r.numRuntimeErrorTestSuites ?? 0);
  skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
}
if (existsSync('reports/e2e.json')) {
  const r = JSON.parse(readFileSync('reports/e2e.json', 'utf8'));
  const s = r.stats ?? {};
  passed += (s.expected ?? 0) + (s.flaky ?? 0);
  failed += s.unexpected ?? 0;
  skipped += s.skipped ?? 0;
  failed += (r.errors ?? []).length;
}
console.log(`${passed} passed, ${failed} failed` + (skipped ? `, ${skipped} skipped` : ''));
