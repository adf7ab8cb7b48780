/**
 * Bytes of a scenario file or link to text. JSON is UTF-8 (RFC 8259): invalid sequences are
 * refused with their byte offset rather than replaced by U+FFFD, so a damaged file is never
 * silently read as something else. A UTF-8 byte order mark (what some Windows editors write)
 * is dropped; UTF-16 text is recognised by its mark and refused with what to do about it.
 */
import type { ScenarioProblem } from '../../engine';

export type DecodeResult = { ok: true; text: string } | { ok: false; problem: ScenarioProblem };

const hex = (b: number) => `0x${b.toString(16).toUpperCase().padStart(2, '0')}`;

/** Offset of the first byte that does not start or continue a valid UTF-8 sequence, or null. */
export function invalidUtf8Offset(b: Uint8Array): number | null {
  let i = 0;
  while (i < b.length) {
    const c = b[i]!;
    if (c < 0x80) {
      i++;
      continue;
    }
    let n: number;
    let min: number;
    if (c >= 0xc2 && c <= 0xdf) [n, min] = [1, 0x80];
    else if (c >= 0xe0 && c <= 0xef) [n, min] = [2, 0x800];
    else if (c >= 0xf0 && c <= 0xf4) [n, min] = [3, 0x10000];
    else return i;
    let cp = c & (0x3f >> n);
    for (let k = 1; k <= n; k++) {
      const d = b[i + k];
      if (d === undefined || (d & 0xc0) !== 0x80) return i;
      cp = (cp << 6) | (d & 0x3f);
    }
    // Overlong forms, UTF-16 surrogates and code points past U+10FFFF are not UTF-8.
    if (cp < min || (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff) return i;
    i += n + 1;
  }
  return null;
}

/** Decodes `bytes` as UTF-8 text for the scenario parser; `where` names the source in messages. */
export function decodeUtf8(bytes: Uint8Array, where: string): DecodeResult {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    const mark = `${hex(bytes[0])} ${hex(bytes[1])}`;
    return {
      ok: false,
      problem: {
        path: where,
        message: `the text is UTF-16 (byte order mark ${mark}); save the scenario as UTF-8`,
      },
    };
  }
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const body = bytes.subarray(start);
  const bad = invalidUtf8Offset(body);
  if (bad !== null) {
    return {
      ok: false,
      problem: {
        path: where,
        message: `not UTF-8 text: byte ${hex(body[bad]!)} at byte offset ${bad + start} does not belong to a valid UTF-8 sequence`,
      },
    };
  }
  return {
    ok: true,
    text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(body),
  };
}
