/**
 * Base64url (RFC 4648 §5) without padding, for share links: only URL-safe characters, so a link
 * survives being pasted into chat tools and mail unchanged. Decoding is strict and says where
 * it failed, because a damaged link deserves a better answer than "invalid".
 */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const VALUE = new Map([...ALPHABET].map((c, i) => [c, i]));

export function encodeBase64url(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = Math.min(4, Math.ceil(((bytes.length - i) * 8) / 6));
    for (let k = 0; k < chars; k++) out += ALPHABET[(n >>> (18 - 6 * k)) & 63];
  }
  return out;
}

export type Base64urlResult = { ok: true; bytes: Uint8Array } | { ok: false; message: string };

/** Decodes base64url; up to two trailing "=" are tolerated (some encoders pad). */
export function decodeBase64url(input: string): Base64urlResult {
  const text = input.replace(/={1,2}$/, '');
  for (let i = 0; i < text.length; i++) {
    if (!VALUE.has(text[i]!)) {
      const shown = JSON.stringify(text[i]);
      return {
        ok: false,
        message: `not base64url: character ${shown} at position ${i + 1} (only A–Z, a–z, 0–9, "-" and "_" may appear)`,
      };
    }
  }
  if (text.length % 4 === 1)
    return {
      ok: false,
      message: `not base64url: ${text.length} characters cannot encode whole bytes (the link was probably cut off)`,
    };
  const out = new Uint8Array(Math.floor((text.length * 6) / 8));
  let acc = 0;
  let bits = 0;
  let o = 0;
  for (const c of text) {
    acc = (acc << 6) | VALUE.get(c)!;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (acc >>> bits) & 0xff;
    }
    acc &= (1 << bits) - 1;
  }
  return { ok: true, bytes: out };
}
