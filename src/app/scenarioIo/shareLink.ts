/**
 * Share links: `#scenario=<payload>` carries a whole scenario in the URL's fragment, which the
 * browser never sends to a server. The payload is the scenario's JSON (UTF-8) in base64url, or
 * `snappy.` followed by the base64url of a raw Snappy block of that JSON, whichever is shorter
 * (Snappy roughly halves scenarios with a script). See docs/scenario-format.md, "Share links".
 *
 * Reading is bounded at every stage: the hash length is checked before anything is decoded, and
 * a Snappy block's declared length before it is decompressed.
 */
import type { ParseResult, Scenario } from '../../engine';
import { snappyCompressBlock, snappyUncompressBlock } from '../../engine/codec/snappyBlock';
import { decodeBase64url, encodeBase64url } from './base64url';
import { decodeUtf8 } from './decodeUtf8';
import { importScenarioText } from './importScenarioText';
import { encodeShareView, type ShareView } from './shareView';
import { MAX_IMPORT_BYTES, MAX_SHARE_HASH_CHARS, formatLimit } from './limits';

export const SHARE_HASH_PREFIX = '#scenario=';
const SNAPPY_PREFIX = 'snappy.';
/** Where problems with the link itself (not a field of the scenario in it) are reported. */
export const SHARE_LINK = '(share link)';

/** The hash (`#scenario=…`) for a scenario. */
export function encodeShareHash(scenario: Scenario): string {
  const json = new TextEncoder().encode(JSON.stringify(scenario));
  const plain = encodeBase64url(json);
  const packed = SNAPPY_PREFIX + encodeBase64url(snappyCompressBlock(json));
  return SHARE_HASH_PREFIX + (packed.length < plain.length ? packed : plain);
}

/** The page's address (without its own hash) with the scenario's hash, and the step and UI actions to show. */
export function shareUrl(scenario: Scenario, pageHref: string, view?: ShareView): string {
  const url = new URL(pageHref);
  url.hash = '';
  return url.href.replace(/#$/, '') + encodeShareHash(scenario) + (view ? encodeShareView(view) : '');
}

function refuse(message: string): ParseResult {
  return { ok: false, problems: [{ path: SHARE_LINK, message }] };
}

/** Null when `hash` is not a share link; otherwise the validated scenario or what is wrong with it. */
export function readShareHash(hash: string): ParseResult | null {
  if (!hash.startsWith(SHARE_HASH_PREFIX)) return null;
  if (hash.length > MAX_SHARE_HASH_CHARS) {
    return refuse(
      `the link's scenario part is ${hash.length.toLocaleString('en')} characters; a share link may carry at most ${MAX_SHARE_HASH_CHARS.toLocaleString('en')} (share a longer scenario as a file)`,
    );
  }
  let payload = hash.slice(SHARE_HASH_PREFIX.length);
  const packed = payload.startsWith(SNAPPY_PREFIX);
  if (packed) payload = payload.slice(SNAPPY_PREFIX.length);
  if (payload === '') return refuse('the link carries no scenario after "#scenario="');
  const b64 = decodeBase64url(payload);
  if (!b64.ok) return refuse(b64.message);
  let bytes = b64.bytes;
  if (packed) {
    try {
      // Checks the block's structure and declared length before allocating any output.
      bytes = snappyUncompressBlock(bytes, MAX_IMPORT_BYTES);
    } catch (e) {
      const why = e instanceof Error ? e.message : String(e);
      return refuse(
        `the compressed scenario is damaged (${why}); a scenario may be at most ${formatLimit(MAX_IMPORT_BYTES)}`,
      );
    }
  }
  const decoded = decodeUtf8(bytes, SHARE_LINK);
  if (!decoded.ok) return { ok: false, problems: [decoded.problem] };
  return importScenarioText(decoded.text);
}
