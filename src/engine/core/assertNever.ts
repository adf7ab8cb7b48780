/** Ends a switch over a discriminated union: the compiler proves every case was handled. */
export function assertNever(x: never, what = 'value'): never {
  throw new Error(`Unexpected ${what}: ${JSON.stringify(x)}`);
}
