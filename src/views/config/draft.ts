/**
 * Editing a scenario as a JSON draft, without React. The form writes what the user typed into
 * the draft (numbers as numbers; text that is not a number stays text, so the schema refuses
 * it too), then the draft is validated by exactly the parser an import uses: the schema and
 * the cross-field checks, each problem with its field path.
 */
import {
  SCENARIO_FORMAT,
  parseScenario,
  type ParseResult,
  type Scenario,
  type ScenarioProblem,
} from '../../engine';
import { formatPath } from '../../engine/scenario/parseScenario';
import type { ConfigField, Draft, FieldPath } from './configFields';

/** A field path as problems name it: `job.operators[0].parallelism`. */
export const pathKey = (path: FieldPath): string => formatPath(path);

export function draftOf(scenario: Scenario): Draft {
  return structuredClone(scenario) as unknown as Draft;
}

export function getAt(draft: unknown, path: FieldPath): unknown {
  let v = draft;
  for (const p of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string | number, unknown>)[p];
  }
  return v;
}

/** A copy of `draft` with `value` at `path` (undefined removes the key); missing objects are created. */
/**
 * A cleared field leaves no empty object behind: `{}` is a setting's default everywhere except
 * where an object's presence switches something on (`job.operatorState.broadcastRules`), and an
 * empty one there would keep broadcast state on after its only field was cleared.
 */
function pruneEmptyParents(root: Record<string | number, unknown>, path: FieldPath): void {
  for (let depth = path.length - 1; depth > 0; depth--) {
    let parent: Record<string | number, unknown> = root;
    for (const p of path.slice(0, depth - 1)) parent = parent[p] as Record<string | number, unknown>;
    const key = path[depth - 1]!;
    const v = parent[key];
    if (v === null || typeof v !== 'object' || Array.isArray(v) || Object.keys(v).length > 0) return;
    delete parent[key];
  }
}

export function setAt(draft: Draft, path: FieldPath, value: unknown): Draft {
  const [head, ...rest] = path;
  if (head === undefined) return draft;
  const copy = (v: unknown): Record<string | number, unknown> =>
    Array.isArray(v)
      ? ([...v] as unknown as Record<number, unknown>)
      : v !== null && typeof v === 'object'
        ? { ...(v as object) }
        : {};
  const root = copy(draft);
  let node = root;
  let key: string | number = head;
  for (const next of rest) {
    node[key] = copy(node[key]);
    node = node[key] as Record<string | number, unknown>;
    key = next;
  }
  if (value === undefined) {
    delete node[key];
    pruneEmptyParents(root, path);
  } else node[key] = value;
  return root as Draft;
}

/** JSON's number grammar (what a scenario file may hold), with optional surrounding spaces. */
const NUMBER = /^\s*-?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\s*$/;

export type FieldText =
  { kind: 'value'; value: unknown } | { kind: 'notNumber' } | { kind: 'empty' };

/** What the text typed into a field means for the draft. */
export function readFieldText(field: Pick<ConfigField, 'input'>, text: string): FieldText {
  if (field.input === 'text') return { kind: 'value', value: text };
  if (field.input === 'list')
    return { kind: 'value', value: text.split(';').map((x) => x.trim()).filter((x) => x !== '') };
  if (text.trim() === '')
    return field.input === 'optionalInt' ? { kind: 'value', value: undefined } : { kind: 'empty' };
  return NUMBER.test(text) ? { kind: 'value', value: Number(text) } : { kind: 'notNumber' };
}

/** How a draft value is shown in its input. */
export function fieldText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map(String).join(';');
  return typeof value === 'string' ? value : String(value);
}

export interface DraftCheck {
  result: ParseResult;
  /** Problems by field path, the form's own (text that is no number) first. */
  byPath: Map<string, string[]>;
  problems: ScenarioProblem[];
}

/** `job.operators[0].parallelism` back to ["job", "operators", 0, "parallelism"]. */
export function parsePathKey(key: string): FieldPath {
  return [...key.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map((m) =>
    m[2] !== undefined ? Number(m[2]) : m[1]!,
  );
}

/**
 * Validates the draft; `own` are the form's problems (they replace the schema's at the same path).
 * The parser runs its cross-field checks only once the schema accepts the document, so a typo in
 * one field would hide, say, "unaligned needs max-concurrent 1". When the schema refuses fields,
 * the draft is checked once more with those fields back at `fallback`'s values (the running
 * scenario), and what that finds at other paths is reported too.
 */
export function checkDraft(
  draft: Draft,
  own: readonly ScenarioProblem[],
  fallback?: Scenario,
): DraftCheck {
  const result = parseScenario(draft);
  const ownPaths = new Set(own.map((p) => p.path));
  const problems = [
    ...own,
    ...(result.ok ? [] : result.problems.filter((p) => !ownPaths.has(p.path))),
  ];
  if (!result.ok && fallback) {
    const refused = new Set(problems.map((p) => p.path));
    let repaired = draft;
    for (const key of refused) {
      const path = parsePathKey(key);
      if (path.length > 0 && key !== '(document)')
        repaired = setAt(repaired, path, getAt(fallback, path));
    }
    const again = parseScenario(repaired);
    if (!again.ok) problems.push(...again.problems.filter((p) => !refused.has(p.path)));
  }
  const byPath = new Map<string, string[]>();
  for (const p of problems) byPath.set(p.path, [...(byPath.get(p.path) ?? []), p.message]);
  return { result, byPath, problems };
}

/**
 * The draft with every configuration setting back at the format's default (Flink's, scaled
 * for teaching). The lesson's own content stays as it is, even if invalid (the form then shows
 * why): title, seed, untilMs, the operators' names and state kinds, and the script.
 */
export function resetToDefaults(draft: Draft): Draft {
  const defaults = parseScenario({ format: SCENARIO_FORMAT });
  if (!defaults.ok) throw new Error('the empty scenario must be valid');
  let out = draftOf(defaults.scenario);
  for (const key of ['title', 'seed', 'untilMs', 'script'])
    if (draft[key] !== undefined) out[key] = draft[key];
  const ops = getAt(draft, ['job', 'operators']);
  if (Array.isArray(ops))
    out = setAt(
      out,
      ['job', 'operators'],
      ops.map((o) => ({ name: getAt(o, ['name']), state: getAt(o, ['state']) })),
    );
  return out;
}
