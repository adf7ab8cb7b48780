/**
 * Fields of older scenario files, mapped to today's before validation, so old files keep loading.
 *
 * - `checkpointing.registry` (before `checkpointing.flinkVersion`): `"refcount"` meant Flink ≤1.14's
 *   reference-counting registry and becomes `flinkVersion: "<=1.14"` (which now also changes how
 *   savepoints are kept and notified, as 1.14 did); `"last-used-id"` becomes `"1.15-1.20"`.
 */
import type { ScenarioProblem } from './scenarioChecks';

const REGISTRY_TO_VERSION: Record<string, string> = { refcount: '<=1.14', 'last-used-id': '1.15-1.20' };

/** Returns the scenario with legacy fields mapped (a copy where anything changed), or a problem. */
export function mapLegacyFields(value: Record<string, unknown>): { value: Record<string, unknown> } | { problem: ScenarioProblem } {
  const cp = value.checkpointing;
  if (cp === null || typeof cp !== 'object' || Array.isArray(cp) || !('registry' in cp)) return { value };
  const { registry, ...rest } = cp as Record<string, unknown>;
  const mapped = typeof registry === 'string' ? REGISTRY_TO_VERSION[registry] : undefined;
  if (mapped === undefined) {
    return { problem: { path: 'checkpointing.registry', message: `expected "refcount" or "last-used-id" (a legacy field; use checkpointing.flinkVersion), got ${JSON.stringify(registry)}` } };
  }
  if (rest.flinkVersion !== undefined && rest.flinkVersion !== mapped) {
    return { problem: { path: 'checkpointing.registry', message: `the legacy registry "${String(registry)}" means flinkVersion "${mapped}", but flinkVersion is ${JSON.stringify(rest.flinkVersion)}; keep only flinkVersion` } };
  }
  return { value: { ...value, checkpointing: { ...rest, flinkVersion: mapped } } };
}
