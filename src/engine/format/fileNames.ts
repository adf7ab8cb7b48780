/** Deterministic, UUID-like file names (Flink names checkpoint files by random UUIDs). */
import type { StepContext } from '../stepContext';

/** A 32-hex-digit name drawn from the seeded generator. */
export function randomFileName(ctx: StepContext): string {
  let s = '';
  for (let i = 0; i < 4; i++) s += (ctx.randomInt(0x10000) * 0x10000 + ctx.randomInt(0x10000)).toString(16).padStart(8, '0');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}
