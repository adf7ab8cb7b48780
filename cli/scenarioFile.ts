/**
 * What the command lines share: a clean exit on bad input (one message on stderr, exit code 2,
 * no stack trace) and reading a scenario file with the file and field path in every problem.
 */
import { readFileSync, statSync } from 'node:fs';
import { formatProblems, parseScenarioText, type Scenario } from '../src/engine';

export function fail(message: string): never {
  process.stderr.write(message.endsWith('\n') ? message : `${message}\n`);
  process.exit(2);
}

/** The scenario in `file`, or exit 2 saying why. Deprecated fields load, with a note on stderr. */
export function readScenarioFile(file: string): Scenario {
  let text: string;
  try {
    if (statSync(file).size > 2 * 1024 * 1024) fail(`${file}: larger than 2 MB; a scenario is a few KB`);
    text = readFileSync(file, 'utf8');
  } catch (e) {
    fail(`${file}: cannot read (${e instanceof Error ? e.message : String(e)})`);
  }
  const parsed = parseScenarioText(text);
  if (!parsed.ok) fail(`${file}: invalid scenario\n${formatProblems(parsed.problems)}`);
  // Said on stderr, so that stdout stays the document a tool reads.
  for (const note of parsed.notes ?? []) process.stderr.write(`${file}: ${note.message}\n`);
  return parsed.scenario;
}
