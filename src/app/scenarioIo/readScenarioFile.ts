/**
 * A scenario file chosen in the file picker or dropped onto the dialog. The size is checked on
 * `file.size` before a single byte is read; the bytes are then decoded strictly as UTF-8.
 */
import type { ParseResult } from '../../engine';
import { decodeUtf8 } from './decodeUtf8';
import { DOCUMENT, importScenarioText } from './importScenarioText';
import { MAX_IMPORT_BYTES, formatLimit, formatSize } from './limits';

/** What the import needs of a File (a Blob with a name), so tests can pass a stand-in. */
export type ScenarioFile = Pick<File, 'name' | 'size' | 'arrayBuffer'>;

function refuse(message: string): ParseResult {
  return { ok: false, problems: [{ path: DOCUMENT, message }] };
}

export async function readScenarioFile(file: ScenarioFile): Promise<ParseResult> {
  if (file.size > MAX_IMPORT_BYTES) {
    return refuse(
      `the file is ${formatSize(file.size)}; a scenario file may be at most ${formatLimit(MAX_IMPORT_BYTES)}`,
    );
  }
  if (file.size === 0) return refuse('the file is empty');
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await file.arrayBuffer());
  } catch (e) {
    return refuse(`the file could not be read: ${e instanceof Error ? e.message : String(e)}`);
  }
  // The size is checked again on what was read: a file can change between the pick and the read.
  if (bytes.length > MAX_IMPORT_BYTES) {
    return refuse(
      `the file is ${formatSize(bytes.length)}; a scenario file may be at most ${formatLimit(MAX_IMPORT_BYTES)}`,
    );
  }
  const decoded = decodeUtf8(bytes, DOCUMENT);
  if (!decoded.ok) return { ok: false, problems: [decoded.problem] };
  return importScenarioText(decoded.text);
}
