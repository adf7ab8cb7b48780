/**
 * Where JSON text first nests deeper than a limit, found by counting brackets outside strings.
 * Runs before JSON.parse: a 10,000-level document is refused in one cheap pass, with its
 * position, instead of being parsed first (and the engine's syntax-error locator, which stops
 * descending at 512 levels, would point at the wrong place for a broken one).
 */
export function excessNestingOffset(text: string, maxDepth: number): number | null {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      depth++;
      if (depth > maxDepth) return i;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) depth = Math.max(0, depth - 1);
  }
  return null;
}
