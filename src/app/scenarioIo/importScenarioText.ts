/**
 * The one path every import takes once it has text (a file, pasted JSON, a share link): size,
 * emptiness and nesting are checked on the text, then the engine's own parser validates it
 * (schema and cross-field checks). Nothing here touches the store: the caller loads the
 * scenario only when the result is ok, so a bad import never costs the current run.
 */
import { parseScenarioText, type ParseResult } from '../../engine';
import { MAX_IMPORT_BYTES, MAX_NESTING, formatLimit, formatSize } from './limits';
import { excessNestingOffset } from './nestingDepth';
import { lineAndColumn } from './textPosition';

/** Where a problem about the whole input is reported (not a field of the scenario). */
export const DOCUMENT = '(document)';

function refuse(message: string): ParseResult {
  return { ok: false, problems: [{ path: DOCUMENT, message }] };
}

/** Validates scenario JSON text; never throws. */
export function importScenarioText(input: string): ParseResult {
  // Checked on the raw length first: a UTF-16 code unit is at least one UTF-8 byte.
  if (input.length > MAX_IMPORT_BYTES) {
    return refuse(
      `the text is ${formatSize(input.length)}; a scenario may be at most ${formatLimit(MAX_IMPORT_BYTES)}`,
    );
  }
  // A byte order mark that survived decoding (pasted text) is not JSON; drop it like the file path does.
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input;
  if (text.trim() === '')
    return refuse('empty: there is no JSON here (a scenario is an object starting with "{")');
  const deep = excessNestingOffset(text, MAX_NESTING);
  if (deep !== null)
    return refuse(`nesting deeper than ${MAX_NESTING} levels at ${lineAndColumn(text, deep)}`);
  return parseScenarioText(text);
}
