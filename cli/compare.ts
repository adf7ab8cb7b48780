/**
 * `npm run compare -- <a.json> <b.json> [<c.json>] [--json]` (or `--preset <id>`): records each
 * scenario headless to its end, restores its latest completed checkpoint, and prints the figures
 * side by side with ratios to the first. Invalid input: the file and field path on stderr, exit 2.
 */
import type { Scenario } from '../src/engine';
import { compareScenarios } from '../src/engine/compare/compareRuns';
import { COMPARISON_IDS, comparisonPreset, variantScenario } from '../src/engine/compare/comparisonPresets';
import { comparisonJson, comparisonText } from './compareReport';
import { fail, readScenarioFile } from './scenarioFile';

const USAGE = `usage: npm run compare -- <a.json> <b.json> [<c.json>] [--json]\n       npm run compare -- --preset <${COMPARISON_IDS.join('|')}> [--json]`;

function main(): void {
  const args = process.argv.slice(2);
  const json = args.includes('--json');
  const presetAt = args.indexOf('--preset');
  const presetId = presetAt >= 0 ? args[presetAt + 1] : undefined;
  const rest = args.filter((a, i) => a !== '--json' && (presetAt < 0 || (i !== presetAt && i !== presetAt + 1)));
  const unknown = rest.filter((a) => a.startsWith('--'));
  if (unknown.length) fail(`unknown option ${unknown.join(', ')}\n${USAGE}`);
  let labels: string[];
  let scenarios: Scenario[];
  if (presetAt >= 0) {
    const preset = presetId === undefined ? undefined : comparisonPreset(presetId);
    if (!preset) fail(`--preset: unknown comparison ${presetId ?? '(none given)'}; one of ${COMPARISON_IDS.join(', ')}`);
    if (rest.length) fail(`--preset takes no scenario files\n${USAGE}`);
    labels = preset.variants.map((v) => `${preset.id}/${v.id}`);
    scenarios = preset.variants.map((v) => variantScenario(preset, v.id));
  } else {
    if (rest.length < 2 || rest.length > 3) fail(USAGE);
    labels = rest;
    scenarios = rest.map(readScenarioFile);
  }
  const c = compareScenarios(scenarios);
  process.stdout.write(json ? `${JSON.stringify(comparisonJson(labels, c), null, 2)}\n` : comparisonText(labels, c));
}

try {
  main();
} catch (e) {
  fail(`cannot compare: ${e instanceof Error ? e.message : String(e)}`);
}
