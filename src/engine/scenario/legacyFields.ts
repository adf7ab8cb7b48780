/**
 * Fields of older scenario files, mapped to today's before validation, so old files keep loading.
 *
 * - `checkpointing.registry` (before `checkpointing.flinkVersion`): `"refcount"` meant Flink ≤1.14's
 *   reference-counting registry and becomes `flinkVersion: "<=1.14"` (which now also changes how
 *   savepoints are kept and notified, as 1.14 did); `"last-used-id"` becomes `"1.15-1.20"`.
 */
import type { ScenarioProblem } from './scenarioChecks';

const REGISTRY_TO_VERSION: Record<string, string> = { refcount: '<=1.14', 'last-used-id': '1.15-1.20' };

/** A legacy field read as today's: shown to the person loading the file, so the change is not silent. */
export interface ScenarioMigrationNote {
  /** The legacy field, e.g. `checkpointing.registry`. */
  path: string;
  /** What it said, and the field and value it was read as. */
  from: string;
  to: { path: string; value: string };
  /** The same in English (the CLI prints it; the app translates from the fields above). */
  message: string;
}

/**
 * The deprecated fields as JSON Schema properties, merged into docs/scenario.schema.json by
 * scenarioJsonSchema.ts, so an editor validating an old file accepts them and says what they became.
 */
export const DEPRECATED_CHECKPOINTING_PROPERTIES = {
  registry: {
    enum: Object.keys(REGISTRY_TO_VERSION),
    type: 'string',
    deprecated: true,
    description: 'Deprecated: use flinkVersion. "refcount" is read as flinkVersion "<=1.14", "last-used-id" as "1.15-1.20"; giving both with different meanings is an error.',
  },
} as const;

/** Returns the scenario with legacy fields mapped (a copy where anything changed), or a problem. */
export function mapLegacyFields(value: Record<string, unknown>): { value: Record<string, unknown>; notes: ScenarioMigrationNote[] } | { problem: ScenarioProblem } {
  const cp = value.checkpointing;
  if (cp === null || typeof cp !== 'object' || Array.isArray(cp) || !('registry' in cp)) return { value, notes: [] };
  const { registry, ...rest } = cp as Record<string, unknown>;
  const mapped = typeof registry === 'string' ? REGISTRY_TO_VERSION[registry] : undefined;
  if (mapped === undefined) {
    return { problem: { path: 'checkpointing.registry', message: `expected "refcount" or "last-used-id" (a legacy field; use checkpointing.flinkVersion), got ${JSON.stringify(registry)}` } };
  }
  if (rest.flinkVersion !== undefined && rest.flinkVersion !== mapped) {
    return { problem: { path: 'checkpointing.registry', message: `the legacy registry "${String(registry)}" means flinkVersion "${mapped}", but flinkVersion is ${JSON.stringify(rest.flinkVersion)}; keep only flinkVersion` } };
  }
  const note: ScenarioMigrationNote = {
    path: 'checkpointing.registry',
    from: String(registry),
    to: { path: 'checkpointing.flinkVersion', value: mapped },
    message: `checkpointing.registry "${String(registry)}" is deprecated: read as checkpointing.flinkVersion "${mapped}"`,
  };
  return { value: { ...value, checkpointing: { ...rest, flinkVersion: mapped } }, notes: [note] };
}
