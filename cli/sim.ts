/**
 * The headless runner: `npm run sim -- <scenario.json> [--events | --rest]`.
 * Prints the run summary as one JSON document (default), the event log as NDJSON (`--events`),
 * or Flink's REST checkpoint statistics (`--rest`). Invalid input: the problems, each with its
 * field path, on stderr, exit code 2, nothing on stdout.
 */
import { readFileSync, statSync } from 'node:fs';
import { formatProblems, parseScenarioText, Simulation, summarize, restCheckpointStatistics } from '../src/engine';
import type { EngineEvent } from '../src/engine';

const USAGE = 'usage: npm run sim -- <scenario.json> [--events | --rest]';

function fail(message: string): never {
  process.stderr.write(message.endsWith('\n') ? message : `${message}\n`);
  process.exit(2);
}

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--'));
const mode = args.includes('--events') ? 'events' : args.includes('--rest') ? 'rest' : 'summary';
const unknown = args.filter((a) => a.startsWith('--') && a !== '--events' && a !== '--rest');
if (!file || unknown.length > 0) fail(unknown.length ? `unknown option ${unknown.join(', ')}\n${USAGE}` : USAGE);

let text: string;
try {
  if (statSync(file).size > 2 * 1024 * 1024) fail(`${file}: larger than 2 MB; a scenario is a few KB`);
  text = readFileSync(file, 'utf8');
} catch (e) {
  fail(`${file}: cannot read (${e instanceof Error ? e.message : String(e)})`);
}
const parsed = parseScenarioText(text);
if (!parsed.ok) fail(`${file}: invalid scenario\n${formatProblems(parsed.problems)}`);

// Deprecated fields still load; say what they were read as (stderr, so the output stays JSON).
for (const note of parsed.notes ?? []) process.stderr.write(`${file}: ${note.message}\n`);
const scenario = parsed.scenario;
const sim = Simulation.create(scenario);
const events: EngineEvent[] = [];
for (let next = sim.nextAtMs; next !== undefined && next <= scenario.untilMs; next = sim.nextAtMs) {
  const ev = sim.step()!;
  if (mode === 'events') for (const e of ev) process.stdout.write(`${JSON.stringify(e)}\n`);
  else events.push(...ev);
}
if (mode === 'summary') process.stdout.write(`${JSON.stringify(summarize(sim.state, events), null, 2)}\n`);
if (mode === 'rest') process.stdout.write(`${JSON.stringify(restCheckpointStatistics(sim.state.coordinator), null, 2)}\n`);
