/**
 * What an empty optional field stands for, shown as its placeholder: Flink's max parallelism
 * formula worked out for this job, or the job's parallelism for an operator without its own.
 */
import type { ParseResult } from '../../engine';
import { effectiveMaxParallelism } from '../../engine/scenario/scenarioChecks';
import type { ConfigField, Draft } from './configFields';
import { getAt } from './draft';

export function inheritedValue(
  field: ConfigField,
  draft: Draft,
  result: ParseResult,
): number | null {
  const [a, b, , d] = field.path;
  // No network buffers unless set: every record travels alone.
  if (a === 'job' && b === 'network') return 1;
  if (a === 'job' && b === 'maxParallelism') {
    if (result.ok) return effectiveMaxParallelism(result.scenario);
    return null;
  }
  if (a === 'job' && b === 'operators' && d === 'parallelism') {
    const p = getAt(draft, ['job', 'parallelism']);
    return typeof p === 'number' && Number.isInteger(p) && p >= 1 ? p : null;
  }
  return null;
}
