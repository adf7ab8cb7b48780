/**
 * Base64 for exports (bytes must travel as text in JSON). Written out because
 * `Uint8Array.prototype.toBase64` is not in every supported browser yet.
 */

/** Encodes bytes as standard base64. */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  // Chunked: String.fromCharCode with one argument per byte overflows the stack on large files.
  const CHUNK = 0x8000;
  for (let i = 0; i < bytes.length; i += CHUNK) binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  return btoa(binary);
}

/** Decodes standard base64; throws a DOMException (`InvalidCharacterError`) on malformed text. */
export function base64ToBytes(text: string): Uint8Array {
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}
