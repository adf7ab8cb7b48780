/**
 * The headless runner: `npm run sim -- <scenario.json> [--events | --rest]`.
 * Prints the run summary as one JSON document (default), the event log as NDJSON (`--events`),
 * or Flink's REST checkpoint statistics (`--rest`). Invalid input: the problems, each with its
 * field path, on stderr, exit code 2, nothing on stdout.
 */
import { Simulation, summarize, restCheckpointStatistics } from '../src/engine';
import { fail, readScenarioFile } from './scenarioFile';
import type { EngineEvent } from '../src/engine';

const USAGE = 'usage: npm run sim -- <scenario.json> [--events | --rest]';

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--'));
const mode = args.includes('--events') ? 'events' : args.includes('--rest') ? 'rest' : 'summary';
const unknown = args.filter((a) => a.startsWith('--') && a !== '--events' && a !== '--rest');
if (!file || unknown.length > 0) fail(unknown.length ? `unknown option ${unknown.join(', ')}\n${USAGE}` : USAGE);

const scenario = readScenarioFile(file);
const sim = Simulation.create(scenario);
const events: EngineEvent[] = [];
for (let next = sim.nextAtMs; next !== undefined && next <= scenario.untilMs; next = sim.nextAtMs) {
  const ev = sim.step()!;
  if (mode === 'events') for (const e of ev) process.stdout.write(`${JSON.stringify(e)}\n`);
  else events.push(...ev);
}
if (mode === 'summary') process.stdout.write(`${JSON.stringify(summarize(sim.state, events), null, 2)}\n`);
if (mode === 'rest') process.stdout.write(`${JSON.stringify(restCheckpointStatistics(sim.state.coordinator), null, 2)}\n`);
