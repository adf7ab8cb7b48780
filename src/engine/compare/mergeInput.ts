/**
 * A comparison's variant is its base scenario with a few fields changed: objects merge field by
 * field, anything else (numbers, lists such as `script`) is replaced.
 */
type Plain = Record<string, unknown>;

function isPlainObject(x: unknown): x is Plain {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

export function mergeInput<T extends object>(base: T, patch: object): T {
  const out: Plain = { ...(base as Plain) };
  for (const [k, v] of Object.entries(patch)) {
    const was = out[k];
    out[k] = isPlainObject(was) && isPlainObject(v) ? mergeInput(was, v) : v;
  }
  return out as T;
}
