/** Readable forms of a field's number beside its input: 600000 ms is "10 min", 4096 bytes "4 KB". */
import type { FieldUnit } from './configFields';

export function readableValue(unit: FieldUnit | undefined, value: unknown): string | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  if (unit === 'ms') {
    if (value >= 60_000 && value % 60_000 === 0) return `${value / 60_000} min`;
    if (value >= 1000 && value % 1000 === 0) return `${value / 1000} s`;
    return null;
  }
  if (unit === 'bytes') {
    if (value >= 1024 * 1024 && value % (1024 * 1024) === 0) return `${value / 1024 / 1024} MB`;
    if (value >= 1024 && value % 1024 === 0) return `${value / 1024} KB`;
    return null;
  }
  return null;
}

/** The unit as shown after the input. */
export const UNIT_TEXT: Record<FieldUnit, string> = {
  ms: 'ms',
  bytes: 'B',
  bytesPerMs: 'B/ms',
  perSec: '/s',
};
