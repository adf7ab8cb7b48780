/**
 * Reads a scenario from JSON text or a parsed value. Never throws for bad input: it returns
 * every problem with the field path (and, for JSON syntax errors, the line and column).
 */
import * as v from 'valibot';
import { jsonErrorOffset } from './jsonErrorOffset';
import { mapLegacyFields, type ScenarioMigrationNote } from './legacyFields';
import { checkScenario, type ScenarioProblem } from './scenarioChecks';
import { LEGACY_BACKEND_MAPPING, legacyBackendBecame } from './legacyBackends';
import { SCENARIO_FORMAT, scenarioSchema, type Scenario } from './scenarioSchema';
import { formatPath, issueKeys, VALIDATION_CONFIG } from './validation';

export { formatPath };

/** Larger documents are refused before parsing (a scenario is a few KB; 10 MB is an attack). */
export const MAX_SCENARIO_BYTES = 2 * 1024 * 1024;
const MAX_DEPTH = 32;

/** `notes`: legacy fields that were read as today's (absent or empty: none). */
export type ParseResult = { ok: true; scenario: Scenario; notes?: ScenarioMigrationNote[] } | { ok: false; problems: ScenarioProblem[] };

function fail(path: string, message: string): ParseResult {
  return { ok: false, problems: [{ path, message }] };
}

function depthOf(v: unknown, limit: number): number {
  if (v === null || typeof v !== 'object') return 0;
  if (limit <= 0) return 1;
  let max = 0;
  for (const x of Object.values(v as object)) max = Math.max(max, depthOf(x, limit - 1));
  return 1 + max;
}

function lineAndColumn(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  return `line ${line}, column ${column}`;
}

/** Built once: every scenario load runs it. */
const validateScenario = v.safeParser(scenarioSchema, VALIDATION_CONFIG);

/** Parses JSON text (size-limited) and validates it as a scenario. */
export function parseScenarioText(text: string): ParseResult {
  if (text.length > MAX_SCENARIO_BYTES) {
    return fail('(document)', `the file is ${(text.length / 1024 / 1024).toFixed(1)} MB; a scenario may be at most ${MAX_SCENARIO_BYTES / 1024 / 1024} MB`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    const offset = jsonErrorOffset(text);
    return fail('(document)', `not valid JSON${offset !== null ? ` at ${lineAndColumn(text, offset)}` : ''}: ${msg}`);
  }
  return parseScenario(value);
}

/** Validates a parsed value as a scenario, filling in every default. */
export function parseScenario(value: unknown): ParseResult {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return fail('(document)', 'a scenario is a JSON object');
  }
  if (depthOf(value, MAX_DEPTH + 1) > MAX_DEPTH) return fail('(document)', `nesting deeper than ${MAX_DEPTH} levels`);
  const format = (value as { format?: unknown }).format;
  if (format !== SCENARIO_FORMAT) {
    return fail('format', `expected "${SCENARIO_FORMAT}", got ${format === undefined ? 'nothing' : JSON.stringify(format)}`);
  }
  const mapped = mapLegacyFields(value as Record<string, unknown>);
  if ('problem' in mapped) return { ok: false, problems: [mapped.problem] };
  const parsed = validateScenario(mapped.value);
  if (!parsed.success) {
    return { ok: false, problems: parsed.issues.map((i) => ({ path: formatPath(issueKeys(i)), message: i.message })) };
  }
  const legacy = applyLegacyBackend(parsed.output, value as { stateBackend?: unknown });
  const problems = [...legacy, ...checkScenario(parsed.output)];
  if (problems.length > 0) return { ok: false, problems };
  return mapped.notes.length > 0 ? { ok: true, scenario: parsed.output, notes: mapped.notes } : { ok: true, scenario: parsed.output };
}

/**
 * A legacy backend name sets the backend and checkpoint storage it became (StateBackendLoader);
 * a `type` or `checkpointStorage` written beside it must agree.
 */
function applyLegacyBackend(s: Scenario, raw: { stateBackend?: unknown }): ScenarioProblem[] {
  const legacy = s.stateBackend.legacy;
  if (legacy === undefined) return [];
  const m = LEGACY_BACKEND_MAPPING[legacy];
  const written = (raw.stateBackend ?? {}) as { type?: unknown; checkpointStorage?: unknown };
  const problems: ScenarioProblem[] = [];
  for (const field of ['type', 'checkpointStorage'] as const) {
    if (written[field] !== undefined && written[field] !== m[field])
      problems.push({ path: `stateBackend.${field}`, message: `${legacy} is ${legacyBackendBecame(legacy)}: ${field} must be "${m[field]}" (or omitted), got ${JSON.stringify(written[field])}` });
  }
  s.stateBackend.type = m.type;
  s.stateBackend.checkpointStorage = m.checkpointStorage;
  return problems;
}

/** The problems as lines for a terminal or a message box. */
export function formatProblems(problems: readonly ScenarioProblem[]): string {
  return problems.map((p) => `${p.path}: ${p.message}`).join('\n');
}
